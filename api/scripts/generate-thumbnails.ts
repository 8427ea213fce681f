// Writes api/assets/thumbnails/<game>.svg from the catalogue (run after changing it):
//   pnpm --filter @mchezo/api exec tsx scripts/generate-thumbnails.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOGUE } from '../src/modules/casino/catalogue.js';
import { renderThumbnail } from '../src/modules/casino/thumbnails.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../assets/thumbnails');
mkdirSync(dir, { recursive: true });
for (const game of CATALOGUE) {
  writeFileSync(join(dir, `${game.id}.svg`), renderThumbnail(game));
}
console.log(`wrote ${CATALOGUE.length} thumbnails to ${dir}`);
