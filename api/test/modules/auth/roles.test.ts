import { beforeAll, describe, expect, it } from 'vitest';
import { grantConfiguredManagers } from '../../../src/modules/auth/roles.service.js';
import { DB_MODES, json, type Player, suiteApp } from '../../helpers.js';
import { asStaff } from '../../staff-kit.js';

describe.each(DB_MODES)('release-manager role from RELEASE_MANAGER_PHONES (%s)', (mode) => {
  const t = suiteApp(mode);
  let listed: Player;
  let other: Player;
  beforeAll(async () => {
    listed = await t.signedInPlayer();
    other = await t.signedInPlayer();
  });

  const rolesOf = async (userId: string) =>
    (
      await t.app.ctx.database.db
        .selectFrom('users')
        .select('roles')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).roles;

  it('grants the role at boot to existing accounts whose phone is listed, once', async () => {
    expect((await t.get('/releases/remotes', listed.headers)).statusCode).toBe(403);
    // What boot does when the list names an account registered before it was configured.
    const grants = { ...t.env, RELEASE_MANAGER_PHONES: [listed.phone] };
    await grantConfiguredManagers(t.app.ctx, grants);
    await grantConfiguredManagers(t.app.ctx, grants);
    expect(await rolesOf(listed.userId)).toBe('user,release_manager');
    expect(await rolesOf(other.userId)).toBe('user');
    // The role is in the database now: this app's own (empty) list does not matter. Staff
    // routes take a two-factor staff session (decision 052): the password alone is refused.
    expect(json(await t.get('/releases/remotes', listed.headers)).code).toBe('SECOND_FACTOR_REQUIRED');
    const staff = await asStaff(t, listed);
    expect((await t.get('/releases/remotes', staff.headers)).statusCode).toBe(200);
    expect((await t.get('/releases/remotes', other.headers)).statusCode).toBe(403);
  });
});
