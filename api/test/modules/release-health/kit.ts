/**
 * What the release-health ticket tests share: an app serving a site, with a release manager, the
 * lobby at LIVE with a canary CANARY, a published version OTHER that is not live, and the
 * figures and tables as the tests read them.
 */
import { rmSync } from 'node:fs';
import { ReleaseHealthResponse } from '@mchezo/contracts/release-health';
import { ReleaseManifest } from '@mchezo/contracts/releases';
import { afterAll, beforeAll, expect } from 'vitest';
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
import { makeCdn, makeVersion } from '../releases/fixtures.js';

export const LIVE = '1.0.0-live';
export const CANARY = '1.1.0-canary';
export const OTHER = '1.2.0-other';

interface HealthKit {
  t: TestApp;
  rm: Player;
  /** GET /releases/health as the release manager. */
  health(minutes?: number): Promise<ReleaseHealthResponse>;
  /** The lobby version's counted figures. */
  lobby(version: string): Promise<ReleaseHealthResponse['versions'][number] | undefined>;
  /** The lobby's uncounted figures for one reason. */
  uncounted(reason: string): Promise<ReleaseHealthResponse['uncounted'][number] | undefined>;
  rows(
    table: 'remote_load_counts' | 'uncounted_loads' | 'load_ticket_uses' | 'error_events',
  ): Promise<number>;
  /** A change as the release manager, from the current revision. */
  change(path: string, body?: Json): Promise<void>;
}

/** A release change as `rm`, based on the current revision; it must answer 200. */
export const managerChange =
  (t: TestApp, rm: Player) =>
  async (path: string, body: Json = {}): Promise<void> => {
    const base = ReleaseManifest.parse(json(await t.get('/releases/manifest'))).revision;
    const res = await t.post(
      `/releases${path}`,
      { base_revision: base, reason: 'test', ...body },
      rm.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
  };

export function healthKit(mode: DbMode, env: Record<string, string> = {}): HealthKit {
  const kit = {} as HealthKit;
  let cdn = '';
  beforeAll(async () => {
    cdn = makeCdn();
    const phone = freshPhone();
    const t = await startApp(mode, {
      SITE_DIR: cdn,
      RELEASE_MANAGER_PHONES: phone,
      CANARY_GUARD_INTERVAL_MS: '0',
      // The tests move the clock on by days: the manager's token outlives them.
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      ...env,
    });
    const rm = await asStaff(t, await t.signedInPlayer(phone));
    const health = async (minutes = 60) =>
      ReleaseHealthResponse.parse(json(await t.get(`/releases/health?minutes=${minutes}`, rm.headers)));
    const change = managerChange(t, rm);
    for (const version of [LIVE, CANARY, OTHER]) {
      const integrity = await makeVersion(cdn, 'lobby', version);
      const res = await t.post('/releases/remotes/lobby/versions', { version, integrity }, rm.headers);
      expect(res.statusCode, res.body).toBe(201);
    }
    await change('/remotes/lobby/activate', { version: LIVE });
    await change('/remotes/lobby/canary', { version: CANARY, percent: 10 });
    Object.assign(kit, {
      t,
      rm,
      health,
      change,
      async lobby(version: string) {
        return (await health()).versions.find((v) => v.remote === 'lobby' && v.version === version);
      },
      async uncounted(reason: string) {
        return (await health()).uncounted.find((u) => u.remote === 'lobby' && u.reason === reason);
      },
      async rows(table: string) {
        const row = await t.app.ctx.database.db
          .selectFrom(table as 'error_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      },
    });
  });
  afterAll(async () => {
    await kit.t?.close();
    rmSync(cdn, { recursive: true, force: true });
  });
  return kit;
}
