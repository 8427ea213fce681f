/**
 * A player's money and the games, through the real API: what several specs set up before they
 * play (the lobby's round of the demo game, a stake refused by a limit).
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type { Player } from './session.ts';
import { creditOf } from './taxes.ts';
import { expect } from './test.ts';

export interface Game {
  game_id: string;
  name: string;
  thumbnail_url: string;
  category: 'slots' | 'spin' | 'sports' | 'live_sports';
}

export async function catalogue(request: APIRequestContext): Promise<Game[]> {
  const res = await request.get('/api/v1/casino/games');
  expect(res.ok()).toBe(true);
  const { games } = (await res.json()) as { games: Game[] };
  return games;
}

export async function balances(request: APIRequestContext, player: Player): Promise<Record<string, number>> {
  const res = await request.get('/api/v1/wallet/balance', {
    headers: { Authorization: `Bearer ${player.accessToken}` },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { balances: { balance_type: string; amount: number }[] };
  return Object.fromEntries(body.balances.map((b) => [b.balance_type, b.amount]));
}

/** A mobile-money deposit through the API, waited for until the simulator has settled it. */
export async function depositSettled(
  request: APIRequestContext,
  player: Player,
  amount: number,
): Promise<void> {
  const res = await request.post('/api/v1/wallet/deposit', {
    headers: { Authorization: `Bearer ${player.accessToken}`, 'Idempotency-Key': randomUUID() },
    data: { amount, currency: 'KES', phone_number: player.phone },
  });
  expect(res.ok(), await res.text()).toBe(true);
  expect(((await res.json()) as { status: string }).status).toBe('pending');
  // The wallet gets the amount less the excise duty.
  await expect
    .poll(async () => (await balances(request, player)).main, { timeout: 15_000 })
    .toBe(creditOf(amount));
}
