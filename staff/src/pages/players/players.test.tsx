/**
 * The players screens in components: the search asks once typing pauses (not per key), shows
 * its idle, empty and found states; the identity stays masked until a reveal with a reason.
 */
import type { Player360, PlayerSearchResponse } from '@mchezo/contracts/staff-players';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { IdentitySection } from './identity-section.tsx';
import PlayersSearchPage from './players-search-page.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['players']);
});

function renderWithClient(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Suspense fallback={null}>{ui}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('players search', () => {
  it('asks once typing pauses, with the query as typed, and lists what it finds', async () => {
    const found: PlayerSearchResponse = {
      players: [
        {
          user_id: '0190-aaaa',
          phone: '+254712345678',
          full_name: 'Wanjiku Otieno',
          status: 'active',
          created_at: '2026-11-01T10:00:00Z',
        },
      ],
      next_cursor: null,
    };
    const fetch = vi.fn(async (_url: string) => json(found));
    vi.stubGlobal('fetch', fetch);
    renderWithClient(<PlayersSearchPage />);
    expect(await screen.findByText('Search for a player')).toBeTruthy();
    const box = screen.getByLabelText('Phone, name or account number');
    for (const text of ['0', '07', '071', '0712', '0712 3'])
      fireEvent.change(box, { target: { value: text } });
    expect((await screen.findAllByText('+254712345678')).length).toBeGreaterThan(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/v1/staff/players?q=0712+3');
    expect(screen.getByText('1 player shown')).toBeTruthy();
  });

  it('says so when nothing matches, and waits for 3 characters before asking', async () => {
    const fetch = vi.fn(async () => json({ players: [], next_cursor: null }));
    vi.stubGlobal('fetch', fetch);
    renderWithClient(<PlayersSearchPage />);
    const box = await screen.findByLabelText('Phone, name or account number');
    fireEvent.change(box, { target: { value: 'wa' } });
    expect(await screen.findByText('Type at least 3 characters.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'wanjiku' } });
    expect(await screen.findByText('No player found')).toBeTruthy();
  });
});

describe('identity', () => {
  const identity: Player360['identity'] = {
    status: 'confirmed',
    full_name: 'Wanjiku Otieno',
    document_type: 'national_id',
    id_number_masked: '****5678',
    date_of_birth_masked: '19**-**-**',
    reason: null,
    checks: [],
  };

  it('shows the number masked until a reveal with a reason, which the API is asked with', async () => {
    const fetch = vi.fn(async () => json({ field: 'id_number', value: '12345678' }));
    vi.stubGlobal('fetch', fetch);
    renderWithClient(<IdentitySection userId="0190-aaaa" identity={identity} />);
    expect(await screen.findByText('****5678')).toBeTruthy();
    expect(screen.queryByText('12345678')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reveal ID number' }));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Caller verification' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText('12345678')).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/staff/players/0190-aaaa/reveal');
    expect(JSON.parse(String(init.body))).toEqual({ field: 'id_number', reason: 'Caller verification' });
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByText('12345678')).toBeNull());
  });
});
