/**
 * Releases across the cluster with no shared folder (docs/decisions/049-version-store.md):
 * each API instance has its own folder (the shell's files only) and keeps remote versions in the
 * database store; nginx caches what the instances serve. A version uploaded through instance 1
 * (directly to its port) is served byte for byte, with its sha384, by nginx and by instance 2,
 * whose own folder holds nothing of it; activated there, both instances' manifests and pages name it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, cluster, signedInReleaseManager } from './cluster-kit.js';

const [A, B] = cluster.instances as [string, string];
const report = (line: string) => console.log(`[cluster] ${line}`);
const sha384 = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** Every file under `dir`, by `/`-separated relative path. */
function filesOf(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p).split(sep).join('/'), readFileSync(p));
    }
  };
  walk(dir);
  return out;
}

/** A file as the server sent it: no compression asked for, so the bytes are the file's. */
async function fetchRaw(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('a remote version with no shared folder between the instances', () => {
  it('published through instance 1, served byte for byte by nginx and by instance 2, live on both', async () => {
    const runDir = process.env.CLUSTER_RUN_DIR as string;
    expect(runDir, 'CLUSTER_RUN_DIR (scripts/test-cluster.mjs)').toBeTruthy();
    const manager = await signedInReleaseManager(A);
    const before = (await call(A, 'GET', '/releases/manifest')).body;
    const current = before.remotes.lobby?.version as string;
    expect(current, 'the first instance published and activated the build').toBeTruthy();

    // "CI": the built lobby, uploaded under a new version name straight to instance 1's port.
    const files = filesOf(join(cluster.siteDir, 'remotes', 'lobby', current));
    const version = `9.9.9-cluster${Date.now().toString(36)}`;
    const integrity = Object.fromEntries([...files].map(([p, b]) => [p, sha384(b)]));
    const body = {
      integrity,
      files: Object.fromEntries([...files].map(([p, b]) => [p, b.toString('base64')])),
      reason: 'cluster test',
    };
    const started = Date.now();
    const uploaded = await call(
      A,
      'PUT',
      `/releases/remotes/lobby/versions/${version}`,
      body,
      manager.headers,
    );
    const took = Date.now() - started;
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const bytes = [...files.values()].reduce((n, b) => n + b.length, 0);
    report(
      `upload: lobby ${version}, ${files.size} files, ${bytes} bytes (${JSON.stringify(body).length} sent) ` +
        `to instance 1 in ${took} ms`,
    );
    // The same files again, through nginx this time (any instance): nothing changes.
    const again = await call(
      cluster.url,
      'PUT',
      `/releases/remotes/lobby/versions/${version}`,
      body,
      manager.headers,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);

    // Every file, from nginx and from instance 2 directly: the uploaded bytes and their sha384.
    for (const [path, original] of files) {
      for (const base of [cluster.url, B]) {
        const { res, bytes: got } = await fetchRaw(`${base}/remotes/lobby/${version}/${path}`);
        expect(res.status, `${base} ${path}`).toBe(200);
        expect(sha384(got), `${base} ${path}`).toBe(integrity[path]);
        expect(got.equals(original), `${base} ${path}`).toBe(true);
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
      }
    }
    // The build's precompressed copies are what a phone gets (no compression at request time).
    const mf = JSON.parse((files.get('mf-manifest.json') as Buffer).toString('utf8'));
    const entry = `${mf.metaData.remoteEntry.path ? `${mf.metaData.remoteEntry.path}/` : ''}${mf.metaData.remoteEntry.name}`;
    for (const base of [cluster.url, B]) {
      const { res, bytes: br } = await fetchRaw(`${base}/remotes/lobby/${version}/${entry}`, {
        'accept-encoding': 'br',
      });
      expect(res.headers.get('content-encoding')).toBe('br');
      // fetch decodes it: the entry itself.
      expect(br.equals(files.get(entry) as Buffer)).toBe(true);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    // nginx keeps them: asked again, no instance is asked.
    const cached = await fetchRaw(`${cluster.url}/remotes/lobby/${version}/${entry}`);
    expect(cached.res.headers.get('x-cache')).toBe('HIT');

    // No instance's own folder holds anything of it (nor of any remote version).
    for (const name of ['api-1', 'api-2']) {
      const own = [...filesOf(join(runDir, name)).keys()];
      expect(
        own.filter((p) => p.includes(version) || p.includes('remotes/')),
        name,
      ).toEqual([]);
    }

    // Activated through instance 1: both instances serve it, with the entry's hashes browsers check.
    const activated = await call(
      A,
      'POST',
      '/releases/remotes/lobby/activate',
      { version, base_revision: before.revision, reason: 'cluster test' },
      manager.headers,
    );
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    for (const base of [A, B]) {
      const m = (await call(base, 'GET', '/releases/manifest')).body;
      expect(m.revision).toBe(activated.body.revision);
      expect(m.remotes.lobby.version).toBe(version);
      expect(m.integrity[`/remotes/lobby/${version}/${entry}`]).toBe(integrity[entry]);
      expect(m.integrity[`/remotes/lobby/${version}/mf-manifest.json`]).toBe(integrity['mf-manifest.json']);
    }
    // Pages through nginx until both instances composed one, each naming the version.
    const pageUpstreams = new Set<string | null>();
    for (let i = 0; i < 20 && pageUpstreams.size < 2; i++) {
      const page = await fetch(`${cluster.url}/`);
      pageUpstreams.add(page.headers.get('x-upstream'));
      expect(await page.text()).toContain(version);
    }
    expect(pageUpstreams.size, 'pages came from both instances').toBe(2);
    // Both instances find it intact in the store.
    for (const base of [A, B]) {
      const check = await call(base, 'POST', '/releases/integrity/check', {}, manager.headers);
      expect(check.body.ok, JSON.stringify(check.body)).toBe(true);
    }
    report(
      `release: lobby ${current} → ${version} through instance 1; its ${files.size} files byte-identical ` +
        'with their sha384 from nginx and from instance 2 (whose folder holds none); manifests and pages on both name it',
    );
  });
});
