/**
 * What the canary guard's tests share: an app with the guard's timer off (the tests run its
 * rounds themselves, on the test clock), a release manager, lobby versions, and the players'
 * loads and render errors as the shell reports them: from browsers holding the page's load ticket.
 */
import { rmSync } from 'node:fs';
import { ReleaseManifest } from '@mchezo/contracts/releases';
import { afterAll, beforeAll, expect } from 'vitest';
import { genuineLoads, genuineRenderErrors } from '../../browsers.js';
import {
  type DbMode,
  freshPhone,
  type Json,
  json,
  type Player,
  startApp,
  type TestApp,
} from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';
import { makeCdn, makeVersion } from './fixtures.js';

export const LIVE = '1.0.0-live';
export const NEXT = '1.1.0-next';
export const OTHER = '1.2.0-other';
/** A plan as the tests send it: 10% (the canary's) then 50%, a minute each, 5 loads, 5 points. */
export const GUARD_PLAN = { ramp: [50], step_minutes: 1, max_error_rate_increase: 0.05, min_loads: 5 };

interface GuardKit {
  t: TestApp;
  rm: Player;
  manifest(): Promise<ReleaseManifest>;
  /** A change as the release manager, from the current revision: the response. */
  post(path: string, body?: Json): Promise<{ status: number; body: Json }>;
  /** The same, expecting 200: the revision. */
  change(path: string, body?: Json): Promise<Json>;
  /** The lobby's entry in `GET /releases/remotes` (with its plan). */
  lobby(): Promise<Json>;
  /** Loads of a lobby version as players' browsers report them (each its own, with its ticket). */
  loads(version: string, ok: number, failed?: number): Promise<void>;
  /** Render errors the SDK reports for a lobby version (each from a browser of its own). */
  renderErrors(version: string, n: number): Promise<void>;
  /** The lobby back to LIVE without a canary, the clock on to a fresh minute. */
  reset(): Promise<void>;
  revisions(): Promise<Json[]>;
}

export function guardKit(mode: DbMode, env: Record<string, string> = {}): GuardKit {
  const kit = {} as GuardKit;
  let cdn = '';
  beforeAll(async () => {
    cdn = makeCdn();
    const rmPhone = freshPhone();
    const t = await startApp(mode, {
      SITE_DIR: cdn,
      RELEASE_MANAGER_PHONES: rmPhone,
      CANARY_GUARD_INTERVAL_MS: '0',
      // The tests move the clock on by hours: the manager's token outlives them.
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      ...env,
    });
    const rm = await asStaff(t, await t.signedInPlayer(rmPhone));
    const manifest = async () => ReleaseManifest.parse(json(await t.get('/releases/manifest')));
    const post = async (path: string, body: Json = {}) => {
      const res = await t.post(
        `/releases${path}`,
        { base_revision: (await manifest()).revision, reason: 'manager', ...body },
        rm.headers,
      );
      return { status: res.statusCode, body: json(res) };
    };
    const change = async (path: string, body: Json = {}) => {
      const res = await post(path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    for (const version of [LIVE, NEXT, OTHER]) {
      const integrity = await makeVersion(cdn, 'lobby', version);
      const res = await t.post('/releases/remotes/lobby/versions', { version, integrity }, rm.headers);
      expect(res.statusCode, res.body).toBe(201);
    }
    await change('/remotes/lobby/activate', { version: LIVE });
    Object.assign(kit, {
      t,
      rm,
      manifest,
      post,
      change,
      async lobby() {
        return json(await t.get('/releases/remotes', rm.headers)).remotes.find(
          (r: Json) => r.name === 'lobby',
        );
      },
      async loads(version: string, ok: number, failed = 0) {
        await genuineLoads(t.app, 'lobby', version, ok, failed);
      },
      async renderErrors(version: string, n: number) {
        await genuineRenderErrors(t.app, 'lobby', version, n);
      },
      async reset() {
        const lobby = (await manifest()).remotes.lobby;
        if (lobby?.version !== LIVE) await change('/remotes/lobby/activate', { version: LIVE });
        if ((await manifest()).remotes.lobby?.canary) await change('/remotes/lobby/canary/abort');
        t.clock.advance(10 * 60_000);
      },
      async revisions() {
        return json(await t.get('/releases/history?limit=100', rm.headers)).revisions;
      },
    });
  });
  afterAll(async () => {
    await kit.t?.close();
    rmSync(cdn, { recursive: true, force: true });
  });
  return kit;
}
