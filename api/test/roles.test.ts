import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantConfiguredManagers } from '../src/modules/auth/roles.service.js';
import { createPlayer, createTestApp, DB_MODES, get, type Player, type TestApp } from './helpers.js';

describe.each(DB_MODES)('release-manager role from RELEASE_MANAGER_PHONES (%s)', (mode) => {
  let t: TestApp;
  let listed: Player;
  let other: Player;

  beforeAll(async () => {
    t = await createTestApp(mode);
    listed = await createPlayer(t.app);
    other = await createPlayer(t.app);
  });
  afterAll(() => t.close());

  const rolesOf = async (userId: string) =>
    (
      await t.app.ctx.database.db
        .selectFrom('users')
        .select('roles')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).roles;

  it('grants the role at boot to existing accounts whose phone is listed, once', async () => {
    expect((await get(t.app, '/releases/remotes', listed.headers)).statusCode).toBe(403);
    // What boot does when the list names an account registered before it was configured.
    const ctx = { ...t.app.ctx, env: { ...t.env, RELEASE_MANAGER_PHONES: [listed.phone] } };
    await grantConfiguredManagers(ctx);
    await grantConfiguredManagers(ctx);
    expect(await rolesOf(listed.userId)).toBe('user,release_manager');
    expect(await rolesOf(other.userId)).toBe('user');
    // The role is in the database now: this app's own (empty) list does not matter.
    expect((await get(t.app, '/releases/remotes', listed.headers)).statusCode).toBe(200);
    expect((await get(t.app, '/releases/remotes', other.headers)).statusCode).toBe(403);
  });
});
