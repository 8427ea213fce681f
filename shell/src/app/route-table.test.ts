import { describe, expect, it } from 'vitest';
import { remoteRouteFor } from './route-table.ts';

describe('remoteRouteFor', () => {
  it('finds the remote page of a URL path', () => {
    expect(remoteRouteFor('/')).toMatchObject({ remote: 'lobby', expose: 'HomePage' });
    expect(remoteRouteFor('/game/Lucky%207')).toMatchObject({ remote: 'lobby', expose: 'GamePage' });
    expect(remoteRouteFor('/deposit')).toMatchObject({ remote: 'wallet', expose: 'DepositPage' });
    expect(remoteRouteFor('/profile/')).toMatchObject({ remote: 'profile', expose: 'ProfilePage' });
  });

  it('finds nothing for shell pages and unknown paths', () => {
    expect(remoteRouteFor('/terms')).toBeUndefined();
    expect(remoteRouteFor('/game/')).toBeUndefined();
    expect(remoteRouteFor('/deposit/extra')).toBeUndefined();
  });
});
