/**
 * A person's page (administrators): a role removal the API refuses is said plainly (the last
 * administrator, a role from the phone lists), a reason under 3 characters is refused before
 * any call, and an open session is ended with the reason given.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import type { StaffRoute } from '../../app/routes.tsx';
import { useSession } from '../../session/session-store.ts';
import { type Call, fakeApi, member, renderAt, session } from '../../testing/render-app.tsx';

const ROUTES: StaffRoute[] = [
  { path: 'admin/people/:userId', roles: ['admin'], page: lazy(() => import('./person-page.tsx')) },
];
const admin = { ...member, roles: ['admin'] };
const person = {
  ...member,
  user_id: 'u-2',
  phone: '+254700000002',
  full_name: 'Otieno Ouma',
  roles: ['admin', 'support'],
};
const open = { ...session, id: 's-9', user_id: 'u-2' };

const grant = (proposedBy: string) => ({
  id: 'g-1',
  user_id: 'u-2',
  role: 'finance',
  proposed_by: proposedBy,
  reason: 'Joins finance',
  created_at: '2026-11-26T10:00:00Z',
  expires_at: '2026-12-03T10:00:00Z',
});

function api(refuseRemoval: { code: string } | null, shown: object = person) {
  return fakeApi((call: Call) => {
    if (call.path === '/staff/me') return [200, { member: admin, session }];
    if (call.path === '/staff/people') return [200, { people: [admin, shown] }];
    if (call.path.startsWith('/staff/role-grants/')) return [200, { ...shown, pending_grants: [] }];
    if (call.path === '/staff/people/u-2/sessions') return [200, { sessions: [open] }];
    if (call.method === 'DELETE' && call.path.startsWith('/staff/people/u-2/roles/') && refuseRemoval)
      return [409, { error: 'server words', code: refuseRemoval.code }];
    return [204, null];
  });
}

async function openPerson() {
  useSession.getState().signedIn({ token: 'stf_admin', member: admin, session } as never);
  renderAt('/admin/people/u-2', ROUTES);
  expect(await screen.findByRole('heading', { level: 1, name: 'Otieno Ouma' })).toBeTruthy();
}

async function removeAdminRole(reason: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Remove Administrator' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove Administrator from Otieno Ouma' });
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove role' }));
  return dialog;
}

describe('a person’s page', () => {
  it('says plainly that an administrator’s own roles are changed by another', async () => {
    const calls = api({ code: 'OWN_ROLES' });
    await openPerson();
    const dialog = await removeAdminRole('x');
    expect(within(dialog).getByText('Say why in 3 characters or more.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Leaves the company' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove role' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Your own roles are changed by another administrator.',
    );
    const removal = calls.find((c) => c.method === 'DELETE');
    expect(removal).toMatchObject({
      path: '/staff/people/u-2/roles/admin',
      body: { reason: 'Leaves the company' },
    });
  });

  it('says plainly that a role from the phone lists is removed there', async () => {
    api({ code: 'ROLE_CONFIGURED' });
    await openPerson();
    const dialog = await removeAdminRole('Moves to the finance team');
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(
      /^This role comes from the server's phone list/,
    );
  });

  it('shows a finance grant waiting for a second administrator, who confirms it with a reason', async () => {
    const calls = api(null, { ...person, pending_grants: [grant('u-3')] });
    await openPerson();
    expect(await screen.findByText('Finance: waiting for a second administrator')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel grant' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Finance for Otieno Ouma' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Checked the hire' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(dialog).queryByLabelText('Reason')).toBeNull());
    expect(calls.find((c) => c.path.startsWith('/staff/role-grants/'))).toMatchObject({
      method: 'POST',
      path: '/staff/role-grants/g-1/confirm',
      body: { reason: 'Checked the hire' },
    });
  });

  it('lets the proposer cancel their own pending grant but not confirm it', async () => {
    const calls = api(null, { ...person, pending_grants: [grant('u-1')] });
    await openPerson();
    expect(await screen.findByText('Finance: waiting for a second administrator')).toBeTruthy();
    expect(screen.getByText(/You proposed it: another administrator confirms it/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel grant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the Finance grant for Otieno Ouma' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Wrong person' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel grant' }));
    await waitFor(() => expect(within(dialog).queryByLabelText('Reason')).toBeNull());
    expect(calls.find((c) => c.path.startsWith('/staff/role-grants/'))).toMatchObject({
      path: '/staff/role-grants/g-1/cancel',
      body: { reason: 'Wrong person' },
    });
  });

  it('ends an open session with the reason given', async () => {
    const calls = api(null);
    await openPerson();
    fireEvent.click(await screen.findByRole('button', { name: 'End session' }));
    const dialog = await screen.findByRole('dialog', { name: 'End a staff session of Otieno Ouma' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Phone reported stolen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
    // Done: the dialog closes (its form is gone).
    await waitFor(() => expect(within(dialog).queryByLabelText('Reason')).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({
      path: '/staff/sessions/s-9',
      body: { reason: 'Phone reported stolen' },
      auth: 'Bearer stf_admin',
    });
  });
});
