/**
 * Files nginx serves itself (cluster/static-headers.conf) carry the same browser defences as
 * every answer of the API (site/src/security-headers.ts): a change to one without the other
 * fails here. A remote's entry comes from the instances through nginx's cache (decision 049):
 * the API's own headers, kept with the cached answer.
 */
import { describe, expect, it } from 'vitest';
import { cluster } from './cluster-kit.js';

const DEFENCES = ['x-content-type-options', 'referrer-policy', 'permissions-policy'];

async function defencesOf(path: string) {
  const res = await fetch(`${cluster.url}${path}`);
  await res.arrayBuffer();
  expect(res.status, path).toBe(200);
  // Answered by nginx itself (the shell's files) or from its cache (a remote's).
  return Object.fromEntries(DEFENCES.map((name) => [name, res.headers.get(name)]));
}

describe("nginx's own files", () => {
  it("carry the API's nosniff, Referrer-Policy and Permissions-Policy", async () => {
    const api = await defencesOf('/api/v1/health');
    expect(api['x-content-type-options']).toBe('nosniff');
    const manifest = (await (await fetch(`${cluster.url}/api/v1/releases/manifest`)).json()) as {
      remotes: Record<string, { entry: string }>;
    };
    const lobbyEntry = new URL(manifest.remotes.lobby?.entry ?? '', cluster.url).pathname;
    for (const path of ['/sw.js', '/manifest.webmanifest', lobbyEntry])
      expect({ path, ...(await defencesOf(path)) }).toEqual({ path, ...api });
  });
});
