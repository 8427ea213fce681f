/** A screen whose files are gone after a new build says so and offers a reload, inside the frame. */
import type { StaffRoleName } from '@mchezo/contracts/staff';
import { screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../session/session-store.ts';
import { fakeApi, member, renderAt, session } from '../testing/render-app.tsx';

describe('a screen that cannot load', () => {
  it('says the staff site was updated and offers a reload, keeping the nav', async () => {
    fakeApi(() => [200, { member, session }]);
    useSession.getState().signedIn({
      token: 'stf_x',
      member: { ...member, roles: ['support' as StaffRoleName] },
      session,
    } as never);
    const gone = Object.assign(new Error('Loading chunk 6 failed.'), { name: 'ChunkLoadError' });
    renderAt('/', [
      {
        path: '',
        roles: 'any',
        nav: { ns: 'home', key: 'nav' },
        page: lazy(() => Promise.reject(gone)),
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'The staff site was updated' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Home', hidden: true }).length).toBeGreaterThan(0);
  });
});
