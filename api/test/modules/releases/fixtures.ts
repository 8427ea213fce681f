/** A fake CDN root for the release tests: the shell's mf-manifest.json and remote version folders. */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTE_EXPOSES, type RemoteNameValue } from '@mchezo/contracts/releases-constants';
import { integrityOfFolder } from '../../../src/modules/releases/versions.service.js';

const asset = (files: string[]) => ({ js: { sync: files, async: [] }, css: { sync: [], async: [] } });

export function makeCdn(): string {
  const cdn = mkdtempSync(join(tmpdir(), 'mchezo-cdn-'));
  mkdirSync(join(cdn, 'shell'), { recursive: true });
  writeFileSync(join(cdn, 'shell', 'index.html'), '<!doctype html><title>shell</title>');
  const provided = (name: string, version: string) => ({ name, version, requiredVersion: `^${version}` });
  writeFileSync(
    join(cdn, 'shell', 'mf-manifest.json'),
    JSON.stringify({
      name: 'shell',
      shared: [
        provided('react', '19.3.1'),
        provided('react/jsx-runtime', '19.3.1'),
        provided('react-dom', '19.3.1'),
        provided('i18next', '26.7.2'),
        provided('zustand', '5.1.0'),
        provided('@mchezo/host/context', '0.1.0'),
        provided('@mchezo/host/router', '0.1.0'),
      ],
      exposes: [],
    }),
  );
  return cdn;
}

interface VersionOptions {
  shared?: { name: string; version: string; requiredVersion: string; singleton?: boolean }[];
  exposes?: string[];
  /** `shared-imports.json`: names the version imports from shared `@mchezo/*` modules. */
  facadeImports?: Record<string, string[]>;
  /**
   * Random (incompressible) bytes added to each expose's sync JS: a version whose critical path
   * is about this many brotli bytes more (byte budgets, decision 048).
   */
  exposeBytes?: number;
}

/** Writes `remotes/<remote>/<version>/` and answers its integrity map. */
export async function makeVersion(
  cdn: string,
  remote: RemoteNameValue,
  version: string,
  opts: VersionOptions = {},
): Promise<Record<string, string>> {
  const dir = join(cdn, 'remotes', remote, version);
  mkdirSync(join(dir, 'static', 'js', 'async'), { recursive: true });
  const entry = `static/js/${remote}.${version}.js`;
  writeFileSync(join(dir, entry), `/* ${remote} ${version} entry */`);
  const exposes = (opts.exposes ?? [...REMOTE_EXPOSES[remote]]).map((name) => {
    const file = `static/js/async/__federation_expose_${name}.js`;
    writeFileSync(
      join(dir, file),
      Buffer.concat([Buffer.from(`/* ${name} of ${version} */`), randomBytes(opts.exposeBytes ?? 0)]),
    );
    return { name, path: `./${name}`, assets: asset([file]) };
  });
  const shared = opts.shared ?? [
    { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
    { name: 'react/jsx-runtime', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
    { name: 'i18next', version: '26.7.2', requiredVersion: '^26.7.2', singleton: true },
    { name: '@mchezo/host/router', version: '0.1.0', requiredVersion: '^0.1.0' },
    { name: '@mchezo/ui/alert', version: '0.1.0', requiredVersion: '^0.1.0' },
  ];
  if (opts.facadeImports) writeFileSync(join(dir, 'shared-imports.json'), JSON.stringify(opts.facadeImports));
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name: remote,
      metaData: { remoteEntry: { name: entry, path: '', type: 'global' }, publicPath: 'auto' },
      shared: shared.map((s) => ({ ...s, assets: asset([]) })),
      exposes,
    }),
  );
  return integrityOfFolder(dir);
}
