/**
 * The releases screens in components (release managers): the overview's remote cards and their
 * changes (each sent from the revision on screen with its reason, then read again), the live-file
 * check, a remote's health over time (charts with their table fallback, the range asked), the
 * revision history as diffs, and deploy keys (the token shown once, a revoke with its reason).
 */
import type { HealthHistoryResponse } from '@mchezo/contracts/release-history';
import type {
  CanaryFloor,
  CreatedDeployKey,
  DeployKey,
  HistoryResponse,
  ReleaseIntegrity,
  RemotesResponse,
  RevisionEntry,
} from '@mchezo/contracts/releases';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import type { StaffRoute } from '../../app/routes.tsx';
import { useSession } from '../../session/session-store.ts';
import { point } from '../../testing/health-point.ts';
import { type Call, fakeApi, member, renderAt, session } from '../../testing/render-app.tsx';

const ROUTES: StaffRoute[] = [
  { path: 'releases', roles: ['release_manager'], page: lazy(() => import('./releases-page.tsx')) },
  { path: 'releases/history', roles: ['release_manager'], page: lazy(() => import('./history-page.tsx')) },
  {
    path: 'releases/deploy-keys',
    roles: ['release_manager'],
    page: lazy(() => import('./deploy-keys-page.tsx')),
  },
  {
    path: 'releases/:remote/health',
    roles: ['release_manager'],
    page: lazy(() => import('./health-page.tsx')),
  },
];
const me = { ...member, roles: ['release_manager'] };

const version = (v: string) => ({
  remote: 'lobby' as const,
  version: v,
  entry: `/remotes/lobby/${v}/mf-manifest.json`,
  files: 4,
  published_by: 'lobby-ci',
  published_at: '2026-11-20T10:00:00Z',
  reason: null,
  integrity_failure: null,
  critical_path: null,
  retired_at: null,
  retired_by: null,
  retire_reason: null,
});
const remotes: RemotesResponse = {
  revision: 7,
  remotes: [
    {
      name: 'lobby',
      active: '1.0.0',
      enabled: true,
      canary: { version: '1.1.0', entry: '/remotes/lobby/1.1.0/mf-manifest.json', percent: 10 },
      plan: null,
      versions: [version('1.0.0'), version('1.1.0')],
    },
  ],
};
const integrity: ReleaseIntegrity = { ok: true, checked_at: null, interval_seconds: 0, failing: [] };
const lobbyFloor: CanaryFloor = {
  remote: 'lobby',
  step_minutes: 10,
  min_steps: 3,
  min_loads: 200,
  min_browsers: 50,
  max_error_rate_increase: 0.05,
  set_by: null,
  set_at: null,
  reason: null,
};

const health: HealthHistoryResponse = {
  remote: 'lobby',
  from: '2026-11-26T20:00:00.000Z',
  to: '2026-11-26T20:10:00.000Z',
  step_minutes: 5,
  versions: [
    {
      version: '1.0.0',
      role: 'active',
      points: [point('2026-11-26T20:00:00.000Z', { loads: 8, failures: 2 })],
    },
    { version: '1.1.0', role: 'canary', points: [point('2026-11-26T20:00:00.000Z', { loads: 3 })] },
  ],
  events: [],
};

const manifest = (revision: number, lobby: string, enabled = true) => ({
  revision,
  remotes: { lobby: { version: lobby, entry: `/remotes/lobby/${lobby}/mf-manifest.json`, enabled } },
});
const revision = (n: number, lobby: string, reason: string, enabled = true): RevisionEntry => ({
  revision: n,
  author: 'release@mchezo',
  reason,
  action: `activate lobby ${lobby}`,
  created_at: '2026-11-25T10:00:00Z',
  manifest: manifest(n, lobby, enabled),
});

const key = (id: string, name: string, status: DeployKey['status']): DeployKey => ({
  id,
  name,
  actor: `deploy-key:${name}`,
  remote: 'lobby',
  actions: ['publish', 'canary'],
  max_canary_percent: status === 'active' ? 25 : null,
  status,
  created_by: 'release@mchezo',
  created_at: '2026-11-01T10:00:00Z',
  expires_at: '2027-01-30T10:00:00Z',
  revoked_by: null,
  revoked_at: null,
  revoke_reason: status === 'revoked' ? 'Leaked in a log' : null,
  last_used_at: null,
  uses: [],
});

/** The fake API for every releases screen; a POST answers `post`. */
function api({
  history = { revisions: [], overrides: [] },
  keys = [],
  post = () => [200, revision(8, '1.1.0', 'ok')],
  listed = () => remotes,
  events = [],
}: {
  history?: HistoryResponse;
  /** The health history's events (its charts as `health`). */
  events?: HealthHistoryResponse['events'];
  keys?: DeployKey[];
  post?: (call: Call) => [number, unknown];
  /** GET /releases/remotes's answer, read at each call. */
  listed?: () => RemotesResponse;
} = {}) {
  return fakeApi((call) => {
    if (call.path === '/staff/me') return [200, { member: me, session }];
    if (call.method !== 'GET') return post(call);
    if (call.path === '/releases/remotes') return [200, listed()];
    if (call.path === '/releases/integrity') return [200, integrity];
    if (call.path === '/releases/canary-floors') return [200, { floors: [lobbyFloor], history: [] }];
    if (call.path.startsWith('/releases/health/history?')) return [200, { ...health, events }];
    if (call.path.startsWith('/releases/history?')) return [200, history];
    if (call.path === '/releases/deploy-keys') return [200, { keys }];
    return [404, { error: 'not here' }];
  });
}

async function open(path: string, heading: string) {
  useSession.getState().signedIn({ token: 'stf_release', member: me, session } as never);
  renderAt(path, ROUTES);
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
}

const reads = (calls: Call[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.path === path).length;

describe('the releases overview', () => {
  it('shows each remote’s active version and canary, and promotes from the revision on screen', async () => {
    const calls = api();
    await open('/releases', 'Releases');
    const card = await screen.findByRole('region', { name: 'lobby' });
    expect(within(card).getByText('Active version').nextElementSibling?.textContent).toBe('1.0.0');
    expect(within(card).getByText('1.1.0 for 10% of players')).toBeTruthy();
    expect(screen.getByText('Manifest revision 7.')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Promote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote the canary of lobby' });
    expect(within(dialog).getByText('1.1.0 becomes the active version for every player.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(within(dialog).getByText('Say why in 3 characters or more.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const before = reads(calls, '/releases/remotes');
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Guard numbers look good' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/releases/remotes/lobby/canary/promote',
        body: { base_revision: 7, reason: 'Guard numbers look good' },
        auth: 'Bearer stf_release',
      }),
    ]);
    await waitFor(() => expect(reads(calls, '/releases/remotes')).toBeGreaterThan(before));
  });

  it('keeps a refused change’s dialog open with the server’s words', async () => {
    const calls = api({
      post: () => [409, { error: 'The manifest changed: revision 8 is newer', code: 'STALE' }],
    });
    await open('/releases', 'Releases');
    const card = await screen.findByRole('region', { name: 'lobby' });
    fireEvent.click(within(card).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable lobby' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Broken checkout' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The manifest changed: revision 8 is newer',
    );
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/releases/remotes/lobby/disable',
      body: { base_revision: 7, reason: 'Broken checkout' },
    });
  });

  it('lists each remote’s canary floors and changes them with a reason', async () => {
    const calls = api({
      post: () => [
        200,
        { ...lobbyFloor, min_loads: 400, set_by: 'rm', set_at: '2026-12-01T10:00:00Z', reason: 'more' },
      ],
    });
    await open('/releases', 'Releases');
    const panel = await screen.findByRole('region', { name: 'Canary floors' });
    expect(
      within(panel).getByText(
        '10 min a step, 3 steps before promotion, 200 loads from 50 browsers a step, error rate at most +5 points',
      ),
    ).toBeTruthy();
    expect(
      within(panel).getByText(
        'The server’s defaults: nobody has set this remote’s floors.'.replace(/’/g, "'"),
      ),
    ).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Change the canary floors of lobby' }));
    const dialog = await screen.findByRole('dialog', { name: 'Canary floors of lobby' });
    fireEvent.change(within(dialog).getByLabelText('Loads a step, at least'), { target: { value: '400' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Bigger sample' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save floors' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/releases/remotes/lobby/canary-floor',
        body: {
          step_minutes: 10,
          min_steps: 3,
          min_loads: 400,
          min_browsers: 50,
          max_error_rate_increase: 0.05,
          reason: 'Bigger sample',
        },
      }),
    ]);
  });

  it('starts a canary’s plan at the remote’s floors and says what they are', async () => {
    const calls = api();
    await open('/releases', 'Releases');
    await screen.findByRole('region', { name: 'Canary floors' });
    const card = await screen.findByRole('region', { name: 'lobby' });
    fireEvent.click(within(card).getByRole('button', { name: 'Start a canary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a canary of lobby' });
    expect(
      within(dialog).getByText(
        "This remote's floors: 10 min a step, 3 steps before promotion, 200 loads from 50 browsers a step, error rate at most +5 points. A laxer plan is refused.",
      ),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Ship it slowly' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start canary' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      percent: 10,
      plan: { ramp: [50, 90], step_minutes: 10, min_loads: 200, max_error_rate_increase: 0.05 },
    });
  });

  it('checks the live files on request and shows the answer', async () => {
    const calls = api({ post: () => [200, { ...integrity, checked_at: '2026-11-26T21:00:00Z' }] });
    await open('/releases', 'Releases');
    const panel = await screen.findByRole('region', { name: 'Live files' });
    expect(within(panel).getByText('Not checked yet.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Check now' }));
    expect(await within(panel).findByText(/^Checked /)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.path).toBe('/releases/integrity/check');
  });
});

describe('retiring a version', () => {
  /** The lobby with two more versions: one that may be retired, one retired already. */
  const withOld = (retiredOld: boolean): RemotesResponse => {
    const [lobby] = remotes.remotes;
    const old = { ...version('0.9.0'), published_at: '2026-11-10T10:00:00Z' };
    const retired = {
      ...version('0.8.0'),
      published_at: '2026-11-01T10:00:00Z',
      retired_at: '2026-11-21T07:30:00Z',
      retired_by: '+254700000001',
      retire_reason: 'Replaced by 0.9.0',
    };
    const now = retiredOld
      ? { ...old, retired_at: '2026-11-26T07:00:00Z', retired_by: '+254700000009', retire_reason: 'CI build' }
      : old;
    return {
      ...remotes,
      remotes: [
        {
          ...(lobby as RemotesResponse['remotes'][number]),
          versions: [...(lobby?.versions ?? []), now, retired],
        },
      ],
    };
  };

  it('retires a version with a reason; a retired one shows who, when and why, with no buttons', async () => {
    let retiredOld = false;
    const calls = api({
      listed: () => withOld(retiredOld),
      post: () => {
        retiredOld = true;
        return [200, withOld(true).remotes[0]?.versions[2]];
      },
    });
    await open('/releases', 'Releases');
    const card = await screen.findByRole('region', { name: 'lobby' });
    fireEvent.click(within(card).getByText('4 published versions'));
    const item = (v: string) => within(card).getByText(v, { selector: 'span' }).closest('li') as HTMLElement;
    // Only a version neither live nor the canary may be retired.
    expect(within(item('1.0.0')).queryByRole('button')).toBeNull();
    expect(within(item('1.1.0')).queryByRole('button')).toBeNull();
    const gone = item('0.8.0');
    expect(within(gone).getByText('Retired')).toBeTruthy();
    expect(within(gone).getByText(/^Retired by \+254700000001, /)).toBeTruthy();
    expect(within(gone).getByText('Why: Replaced by 0.9.0')).toBeTruthy();
    expect(within(gone).queryByRole('button')).toBeNull();
    // Retired versions are offered neither to activate nor to testers.
    fireEvent.click(within(card).getByRole('button', { name: 'Activate a version' }));
    const activate = await screen.findByRole('dialog', { name: 'Activate a version of lobby' });
    const options = within(activate)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['1.1.0', '0.9.0']);
    fireEvent.click(within(activate).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(item('0.9.0')).getByRole('button', { name: 'Retire 0.9.0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire 0.9.0 of lobby' });
    expect(within(dialog).getByText(/removed from the version store for good/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retire version' }));
    expect(within(dialog).getByText('Say why in 3 characters or more.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'CI build' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retire version' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/releases/remotes/lobby/versions/0.9.0/retire',
        body: { reason: 'CI build' },
        auth: 'Bearer stf_release',
      }),
    ]);
    // Read again: listed as retired, its button gone, and the focus on it.
    await waitFor(() => expect(within(item('0.9.0')).getByText('Why: CI build')).toBeTruthy());
    expect(within(item('0.9.0')).queryByRole('button')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(item('0.9.0')));
  });

  it('says in plain words why a version may not be retired yet, and keeps the dialog open', async () => {
    api({
      listed: () => withOld(false),
      post: () => [
        409,
        { error: 'A tester’s override of lobby 0.9.0 runs until …', code: 'VERSION_OVERRIDDEN' },
      ],
    });
    await open('/releases', 'Releases');
    const card = await screen.findByRole('region', { name: 'lobby' });
    fireEvent.click(within(card).getByText('4 published versions'));
    fireEvent.click(within(card).getByRole('button', { name: 'Retire 0.9.0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire 0.9.0 of lobby' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'CI build' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retire version' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "A tester's override link still loads this version: retire it once the link has expired.",
    );
    expect(screen.getByRole('dialog', { name: 'Retire 0.9.0 of lobby' })).toBeTruthy();
  });
});

describe('a remote’s health over time', () => {
  it('draws the three charts, reads one as a table, and asks again for another range', async () => {
    const calls = api();
    await open('/releases/lobby/health', 'lobby: health over time');
    const loads = await screen.findByRole('region', { name: 'Loads per version' });
    expect(screen.getByRole('region', { name: 'Error rate per version' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'p75 LCP per version' })).toBeTruthy();

    fireEvent.click(within(loads).getByRole('button', { name: 'Show as table' }));
    const table = within(loads).getByRole('table', { name: 'Loads per version' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', '1.0.0 (active)', '1.1.0 (canary)']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['10', '3']);
    expect(screen.getByText('Nothing happened to this remote in this range.')).toBeTruthy();

    const asked = () => calls.filter((c) => c.path.startsWith('/releases/health/history?'));
    const minutes = (c: Call | undefined) => {
      const q = new URL(c?.path ?? '', 'http://x').searchParams;
      return (Date.parse(q.get('to') ?? '') - Date.parse(q.get('from') ?? '')) / 60_000;
    };
    expect(minutes(asked()[0])).toBe(60);
    fireEvent.change(screen.getByLabelText('Range'), { target: { value: '1440' } });
    await waitFor(() => expect(minutes(asked().at(-1))).toBe(1440));
    expect(new URL(asked().at(-1)?.path ?? '', 'http://x').searchParams.get('remote')).toBe('lobby');
  });

  it('shows what the guard counted, what it left out (unproven browsers) and why it held', async () => {
    const side = (version: string, unproven: number) => ({
      version,
      attempts: 3,
      bad: 0,
      error_rate: 0,
      clients: 3,
      unproven_reports: unproven * 2,
      unproven_clients: unproven,
      lcp_p75: null,
      lcp_samples: 0,
      inp_p75: null,
      inp_samples: 0,
    });
    const text =
      'canary 1.1.0 error rate 0% (0/3 loads) vs active 0% (0/3) over 1 min: waiting for 5 canary loads at 10%';
    api({
      events: [
        {
          kind: 'guard',
          at: '2026-11-26T20:05:00.000Z',
          version: '1.1.0',
          plan_id: 'p',
          percent: 10,
          next_percent: null,
          verdict: 'wait',
          figures: {
            canary: side('1.1.0', 400),
            active: side('1.0.0', 0),
            step_elapsed_ms: 60_000,
            speed_limited: false,
          },
          text,
          revision: null,
        },
      ],
    });
    await open('/releases/lobby/health', 'lobby: health over time');
    const events = await screen.findByRole('list', { name: 'Canary steps and guard decisions' });
    const [canary, active] = within(events).getAllByRole('listitem').slice(1);
    expect(canary?.textContent).toBe(
      'Canary 1.1.0: error rate 0% (0/3 loads, 3 browsers) · 800 reports from 400 unproven browsers left out',
    );
    expect(active?.textContent).toBe('Active 1.0.0: error rate 0% (0/3 loads, 3 browsers)');
    expect(within(events).getByText(`Why: ${text}`)).toBeTruthy();
  });

  it('says so for a remote that does not exist', async () => {
    api();
    useSession.getState().signedIn({ token: 'stf_release', member: me, session } as never);
    renderAt('/releases/nowhere/health', ROUTES);
    expect(await screen.findByText('There is no such remote.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Loads per version' })).toBeNull();
  });
});

describe('the revision history', () => {
  it('shows each revision against the one before it, and the overrides issued', async () => {
    api({
      history: {
        revisions: [
          revision(3, '1.1.0', 'Canary looked good', false),
          revision(2, '1.0.0', 'Switch off for the outage', false),
          revision(1, '1.0.0', 'First release'),
        ],
        overrides: [
          {
            id: 'o-1',
            remote: 'lobby',
            version: '1.1.0',
            entry: '/remotes/lobby/1.1.0/mf-manifest.json',
            issued_by: 'release@mchezo',
            reason: 'QA on a phone',
            issued_at: '2026-11-25T10:00:00Z',
            expires_at: '2026-11-25T11:00:00Z',
          },
        ],
      },
    });
    await open('/releases/history', 'Revision history');
    const list = await screen.findByRole('list', { name: 'Revision history' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(items).toHaveLength(3);
    const [third, second, first] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(third).getByText('Canary looked good', { exact: false })).toBeTruthy();
    expect(within(third).getByRole('deletion').textContent).toBe('1.0.0');
    expect(within(third).getByRole('insertion').textContent).toBe('1.1.0');
    expect(within(second).getByRole('deletion').textContent).toBe('On');
    expect(within(second).getByRole('insertion').textContent).toBe('Off');
    expect(
      within(first)
        .getAllByRole('insertion')
        .map((i) => i.textContent),
    ).toContain('1.0.0');
    const overrides = screen.getByRole('table', { name: 'Overrides issued to testers' });
    expect(within(overrides).getByText('lobby 1.1.0')).toBeTruthy();
    expect(within(overrides).getByText('QA on a phone')).toBeTruthy();
  });

  it('says when there is no revision yet', async () => {
    api();
    await open('/releases/history', 'Revision history');
    expect(await screen.findByText('No revision yet.')).toBeTruthy();
  });
});

describe('deploy keys', () => {
  it('shows a created key’s token once, then lists it', async () => {
    const created: CreatedDeployKey = { ...key('k-9', 'wallet-ci', 'active'), token: 'mdk_secret_once' };
    const calls = api({ post: () => [201, created] });
    await open('/releases/deploy-keys', 'Deploy keys');
    expect(await screen.findByText('No deploy key yet.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Create key' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'wallet-ci' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect((await screen.findByLabelText('Token')).getAttribute('value')).toBe('mdk_secret_once');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/releases/deploy-keys',
      body: { name: 'wallet-ci', remote: 'lobby', actions: ['publish', 'canary'] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('Token')).toBeNull();
    await waitFor(() => expect(reads(calls, '/releases/deploy-keys')).toBe(2));
  });

  it('revokes an active key with a reason; a revoked one shows why and offers no revoke', async () => {
    const calls = api({
      keys: [key('k-1', 'lobby-ci', 'active'), key('k-2', 'old-ci', 'revoked')],
      post: () => [200, key('k-1', 'lobby-ci', 'revoked')],
    });
    await open('/releases/deploy-keys', 'Deploy keys');
    const table = await screen.findByRole('table', { name: 'Deploy keys' });
    const [active, revoked] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(active).getByText('25%')).toBeTruthy();
    expect(within(revoked).getByText('Leaked in a log')).toBeTruthy();
    expect(within(revoked).queryByRole('button')).toBeNull();

    fireEvent.click(within(active).getByRole('button', { name: 'Revoke lobby-ci' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke lobby-ci' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Team moved to a new CI' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/releases/deploy-keys/k-1/revoke',
        body: { reason: 'Team moved to a new CI' },
      }),
    ]);
  });
});
