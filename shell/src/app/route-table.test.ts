import { REMOTE_EXPOSES } from '@mchezo/contracts/releases-constants';
import { SITE_ROUTES } from '@mchezo/contracts/routes';
import { describe, expect, it } from 'vitest';
import { REMOTE_ROUTES, remoteRouteFor } from './route-table.ts';

describe('remoteRouteFor', () => {
  it('finds the remote page of a URL path', () => {
    expect(remoteRouteFor('/')).toMatchObject({ remote: 'lobby', expose: 'HomePage' });
    expect(remoteRouteFor('/game/Lucky%207')).toMatchObject({ remote: 'lobby', expose: 'GamePage' });
    expect(remoteRouteFor('/deposit')).toMatchObject({ remote: 'wallet', expose: 'DepositPage' });
    expect(remoteRouteFor('/profile/')).toMatchObject({ remote: 'profile', expose: 'ProfilePage' });
    expect(remoteRouteFor('/safer-gambling')).toMatchObject({
      remote: 'profile',
      expose: 'SaferGamblingPage',
      access: 'protected',
    });
  });

  it('finds nothing for shell pages and unknown paths', () => {
    expect(remoteRouteFor('/terms')).toBeUndefined();
    expect(remoteRouteFor('/game/')).toBeUndefined();
    expect(remoteRouteFor('/deposit/extra')).toBeUndefined();
  });
});

describe('the route table and the exposes a release must have', () => {
  it('mounts exactly the exposes the release check requires of each remote', () => {
    for (const [remote, exposes] of Object.entries(REMOTE_EXPOSES)) {
      const mounted = REMOTE_ROUTES.filter((r) => r.remote === remote).map((r) => r.expose);
      expect([...mounted].sort(), remote).toEqual([...exposes].sort());
    }
  });
});

describe('the route table and the site route table (@mchezo/contracts/routes)', () => {
  it('mounts every route of the site table, as the table says, and no other', () => {
    const mounted = REMOTE_ROUTES.map(({ path, remote, expose, access, feature }) => ({
      path,
      remote,
      expose,
      access,
      feature,
    }));
    const table = SITE_ROUTES.map(({ path, remote, expose, access, feature }) => ({
      path,
      remote,
      expose,
      access,
      feature,
    }));
    expect(mounted).toEqual(table);
  });

  it('starts one read per player read a route names', () => {
    for (const [i, route] of REMOTE_ROUTES.entries())
      expect(route.reads?.length ?? 0, route.path).toBe(SITE_ROUTES[i]?.playerReads?.length ?? 0);
    expect(remoteRouteFor('/profile')?.reads).toHaveLength(2);
  });
});
