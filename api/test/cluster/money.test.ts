/**
 * Money across the cluster topology (PostgreSQL + two API instances + nginx), as
 * `npm run start:cluster` runs it: the database alone keeps the money right, whichever instance
 * a request lands on. Run by `npm test` through scripts/test-cluster.mjs, which starts the
 * cluster and hands it over in CLUSTER_* variables.
 */
import { describe, expect, it } from 'vitest';
import {
  type Answer,
  balances,
  call,
  cluster,
  creditWinnings,
  ledger,
  type Player,
  refreshCookie,
  refreshCookieOf,
  signedInPlayer,
  walletRequest,
} from './cluster-kit.js';

const [A, B] = cluster.instances as [string, string];
const report = (line: string) => console.log(`[cluster] ${line}`);

/** 2xx answers; 4xx refusals; anything else (5xx, no answer) a lost request. */
function tally(answers: Answer[]) {
  return {
    accepted: answers.filter((a) => a.status === 200).length,
    refused: answers.filter((a) => a.status >= 400 && a.status < 500).length,
    lost: answers.filter((a) => a.status === 0 || a.status >= 500).length,
  };
}

async function settled(base: string, player: Player, ids: string[]) {
  const statuses = async () =>
    Promise.all(
      ids.map(
        async (id) =>
          (await call(base, 'GET', `/wallet/transactions/${id}`, undefined, player.headers)).body.transaction
            .status,
      ),
    );
  await expect.poll(statuses, { timeout: 20_000, interval: 200 }).toEqual(ids.map(() => 'completed'));
}

describe('money across two API instances on one PostgreSQL, behind nginx', () => {
  it('the topology: nginx passes the page and /api to both instances, round robin', async () => {
    const upstreams = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${cluster.url}/api/v1/health`);
      expect(res.status).toBe(200);
      upstreams.add(res.headers.get('x-upstream') ?? '');
    }
    expect([...upstreams].sort()).toEqual(cluster.instances.map((u) => u.replace('http://', '')).sort());
    report(`nginx at ${cluster.url} → ${[...upstreams].join(', ')}`);
  });

  it('withdrawals over the balance, split across both instances: exactly the balance goes out', async () => {
    const player = await signedInPlayer(A);
    await creditWinnings(A, player, 1000);
    expect((await balances(B, player)).withdrawal).toBe(1000);

    // 20 withdrawals of 100 at each instance, all at once, each its own request (own key).
    const fire = (base: string, n: number) =>
      Array.from({ length: 20 }, (_, i) =>
        walletRequest(base, 'withdraw', player, 100, `split-${n}-${i}-${Date.now()}`),
      );
    const [atA, atB] = await Promise.all([Promise.all(fire(A, 1)), Promise.all(fire(B, 2))]);
    const all = [...atA, ...atB];
    const total = tally(all);
    const refusals = all.filter((a) => a.status >= 400 && a.status < 500).map((a) => a.body.code);

    const accepted = all.filter((a) => a.status === 200).map((a) => a.body.transaction_id as string);
    await settled(B, player, accepted);
    const book = await ledger(player.phone);
    const debits = book.entries.filter((e) => e.kind === 'withdrawal' && e.pot === 'withdrawal');
    const withdrawals = book.transactions.filter((t) => t.type === 'withdrawal');
    const doubled =
      debits.length - new Set(debits.map((e) => e.ref_id)).size + Math.max(0, debits.length - total.accepted);
    report(
      `withdrawals over the balance: ${all.length} requests (20 per instance), ${total.accepted} accepted ` +
        `(instance 1: ${tally(atA).accepted}, instance 2: ${tally(atB).accepted}), ${total.refused} refused, ` +
        `lost ${total.lost}, doubled ${doubled}; balance ${book.pots.withdrawal.wallet / 100} KES, ` +
        `ledger ${book.pots.withdrawal.ledger / 100} KES`,
    );

    expect(total).toEqual({ accepted: 10, refused: 30, lost: 0 });
    expect(new Set(refusals)).toEqual(new Set(['INSUFFICIENT_FUNDS']));
    expect(doubled).toBe(0);
    expect(withdrawals).toHaveLength(10);
    expect(new Set(withdrawals.map((t) => t.id))).toEqual(new Set(accepted));
    expect(debits.map((e) => Number(e.amount))).toEqual(Array(10).fill(-10_000));
    expect(book.pots.withdrawal).toEqual({ wallet: 0, ledger: 0 });
    for (const pot of Object.values(book.pots)) expect(pot.wallet).toBe(pot.ledger);
    expect(await balances(A, player)).toEqual({ main: 0, withdrawal: 0, bonus: 0 });
  });

  it('one Idempotency-Key sent to both instances at once: one transaction, money moved once', async () => {
    const player = await signedInPlayer(B);
    await creditWinnings(B, player, 500);
    const key = `cluster-once-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => walletRequest(i % 2 ? B : A, 'withdraw', player, 100, key)),
    );
    const ids = new Set(answers.map((a) => a.body?.transaction_id));
    const book = await ledger(player.phone);
    const debits = book.entries.filter((e) => e.kind === 'withdrawal');
    const t = tally(answers);
    report(
      `one Idempotency-Key: ${answers.length} requests (5 per instance), ${t.accepted} answered, ` +
        `${ids.size} transaction, lost ${t.lost}, doubled ${debits.length - 1}; ` +
        `balance ${book.pots.withdrawal.wallet / 100} KES`,
    );
    expect(t).toEqual({ accepted: 10, refused: 0, lost: 0 });
    expect(ids.size).toBe(1);
    expect(book.transactions.filter((x) => x.type === 'withdrawal')).toHaveLength(1);
    expect(debits).toHaveLength(1);
    expect(book.pots.withdrawal).toEqual({ wallet: 40_000, ledger: 40_000 });
  });

  it("a payment callback landing on the other instance than the deposit's settles it, once", async () => {
    const player = await signedInPlayer(A);
    // Instance 1's simulator keeps this phone's callback (SIMULATOR_TEST_CONTROL) ...
    expect((await call(A, 'POST', '/testing/simulator/hold', { phone_number: player.phone })).status).toBe(
      204,
    );
    const deposit = await walletRequest(A, 'deposit', player, 500);
    expect(deposit.status).toBe(200);
    const id = deposit.body.transaction_id as string;
    expect(
      (await call(B, 'GET', `/wallet/transactions/${id}`, undefined, player.headers)).body.transaction.status,
    ).toBe('pending');

    // ... and the provider's callback comes over HTTP to instance 2, as a real provider's may
    // (the simulator's own body: its reference is SIM-<transaction id>).
    const callback = await call(
      B,
      'POST',
      `/payments/callbacks/simulator/${cluster.secrets.PAYMENT_CALLBACK_SECRET}/deposit`,
      { provider_ref: `SIM-${id}`, result_code: 0, result_desc: 'ok', receipt: 'SCLUSTER01' },
    );
    expect(callback.status).toBe(200);
    expect(
      (await call(A, 'GET', `/wallet/transactions/${id}`, undefined, player.headers)).body.transaction.status,
    ).toBe('completed');
    expect(await balances(A, player)).toEqual({ main: 500, withdrawal: 0, bonus: 0 });

    // Instance 1's own callback now arrives late, a second time: it changes nothing.
    const late = await call(A, 'POST', '/testing/simulator/settle', { phone_number: player.phone });
    expect(late.body).toEqual({ settled: 1 });
    const book = await ledger(player.phone);
    const credits = book.entries.filter((e) => e.kind === 'deposit');
    report(
      `callback on the other instance: deposit on instance 1, callback on instance 2, late repeat on ` +
        `instance 1: credited ${credits.length} time(s), balance ${book.pots.main.wallet / 100} KES`,
    );
    expect(credits).toHaveLength(1);
    expect(book.pots.main).toEqual({ wallet: 50_000, ledger: 50_000 });
  });

  it('a token minted on one instance works on the other; refresh agrees across instances', async () => {
    const player = await signedInPlayer(A);
    expect((await call(B, 'GET', '/auth/me', undefined, player.headers)).body.user.phone).toBe(player.phone);
    const refresh = (base: string, token: string) =>
      call(base, 'POST', '/auth/refresh', {}, refreshCookie(token));
    const refreshed = await refresh(B, player.refreshToken);
    expect(refreshed.status).toBe(200);
    const me = await call(A, 'GET', '/auth/me', undefined, {
      authorization: `Bearer ${refreshed.body.access_token}`,
    });
    expect(me.status).toBe(200);
    // Two tabs: the same refresh token at once on the other instance gets the same new pair.
    const again = await refresh(A, player.refreshToken);
    expect(again.status).toBe(200);
    expect(refreshCookieOf(again.headers)).toBe(refreshCookieOf(refreshed.headers));
    // Once its successor is spent (on B), the old token replayed on A ends the session.
    expect((await refresh(B, refreshCookieOf(refreshed.headers))).status).toBe(200);
    const reused = await refresh(A, player.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body.reason ?? reused.body.code).toBe('REFRESH_TOKEN_REUSED');
    report(
      'tokens: minted on instance 1, accepted by instance 2; a repeat refresh on 1 gets the pair 2 made; ' +
        'replayed after its successor was spent, refused (401)',
    );
  });
});
