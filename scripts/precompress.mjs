// `node scripts/precompress.mjs <dir>`: writes .gz and .br next to every text asset of a build,
// as a CDN would serve them: players on slow networks download compressed bytes, and the server
// never compresses at request time. gzip comes from Zopfli (about 3 % smaller than zlib's best,
// same format, decoded by every browser); it is async, hence a script of its own.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.json', '.webmanifest', '.svg', '.txt', '.map']);
/** Below this Zopfli saves a few bytes at best: zlib's level 9 is enough. */
const ZOPFLI_FROM_BYTES = 2048;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}

async function gzip(raw, file) {
  // Source maps are for developers, not phones: zlib is plenty there.
  if (raw.length < ZOPFLI_FROM_BYTES || file.endsWith('.map')) return gzipSync(raw, { level: 9 });
  return gzipAsync(raw, { numiterations: 5 });
}

for (const file of files(process.argv[2])) {
  if (!COMPRESSIBLE.has(extname(file)) || file.endsWith('mf-stats.json')) continue;
  const raw = readFileSync(file);
  writeFileSync(`${file}.gz`, await gzip(raw, file));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(raw, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
  );
}
