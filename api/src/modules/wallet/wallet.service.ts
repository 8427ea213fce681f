import { fromCents, toCents } from '@mchezo/contracts/money';
import type {
  Balance,
  BalanceResponse,
  TaxPreviewQuery,
  TaxPreviewResponse,
  Transaction,
  TransactionsQuery,
  TransactionsResponse,
} from '@mchezo/contracts/wallet';
import { TRANSACTIONS_DEFAULT_PAGE_SIZE } from '@mchezo/contracts/wallet';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { refuse } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import { netOf, taxAt, taxKindOf } from './taxes.js';
import { findTxById, listTxPage, type PageCursor, type WalletTxRow } from './transactions.repository.js';
import type { WalletConfig } from './wallet.config.js';
import { findWallet, insertWallet, ledgerTotalsSince, type WalletRow } from './wallet.repository.js';

export const WALLET_CURRENCY = 'KES';

/** A new player's empty wallet, written in the caller's transaction (registration). */
export const openWallet = (trx: Kysely<DB>, userId: string, now: number) =>
  insertWallet(trx, {
    user_id: userId,
    currency: WALLET_CURRENCY,
    main: 0,
    withdrawal: 0,
    bonus: 0,
    version: 0,
    updated_at: now,
  });

/** Refuses every wallet call while the wallet feature is off. */
export function assertWalletEnabled(config: Pick<WalletConfig, 'FEATURE_WALLET_ENABLED'>): void {
  if (!config.FEATURE_WALLET_ENABLED) throw refuse('FEATURE_DISABLED', 'The wallet is not available');
}

/** In review an operator decides: to the player the transaction is still being processed. */
export const playerStatus = (status: WalletTxRow['status']): Transaction['status'] =>
  status === 'review' ? 'pending' : status;

function toTransactionDto(row: WalletTxRow): Transaction {
  return {
    id: row.id,
    type: row.type,
    status: playerStatus(row.status),
    amount: fromCents(row.amount),
    currency: row.currency,
    created_at: iso(row.created_at),
    payment_method: row.payment_method as Transaction['payment_method'],
    failure_reason: row.failure_reason,
    tax_kind: row.tax_kind,
    tax_amount: fromCents(row.tax_amount),
    tax_mode: row.tax_mode,
    net_amount: fromCents(netOf(row)),
  };
}

function balancesOf(wallet: WalletRow): Balance[] {
  return (['main', 'withdrawal', 'bonus'] as const).map((pot) => ({
    balance_type: pot,
    amount: fromCents(wallet[pot]),
    currency: wallet.currency,
  }));
}

const encodeCursor = (c: PageCursor) =>
  Buffer.from(JSON.stringify([c.createdAt, c.id])).toString('base64url');
function decodeCursor(token: string): PageCursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'number' && typeof id === 'string') return { createdAt, id };
  } catch {}
  throw refuse('INVALID_PAGE_TOKEN', 'Invalid page_token');
}

/** What a player reads of their wallet: the pots and the history of mobile-money transactions. */
export class WalletService {
  constructor(
    private readonly ctx: AppContext,
    private readonly config: WalletConfig,
  ) {}

  /** The ledger's entries since `since` (epoch ms) by kind and account: count and signed cents (the metrics' money moved). */
  async movedSince(since: number) {
    return (await ledgerTotalsSince(this.ctx.database.db, since)).map((row) => ({
      kind: row.kind,
      pot: row.pot,
      count: Number(row.count),
      cents: Number(row.amount),
    }));
  }

  async balances(userId: string): Promise<BalanceResponse> {
    assertWalletEnabled(this.config);
    const wallet = await findWallet(this.ctx.database.db, userId);
    if (!wallet) throw refuse('NOT_FOUND', 'Wallet not found');
    return { balances: balancesOf(wallet) };
  }

  async list(userId: string, query: TransactionsQuery): Promise<TransactionsResponse> {
    assertWalletEnabled(this.config);
    const size = query.page_size ?? TRANSACTIONS_DEFAULT_PAGE_SIZE;
    const rows = await listTxPage(this.ctx.database.db, userId, {
      type: query.type,
      after: query.page_token ? decodeCursor(query.page_token) : undefined,
      limit: size + 1,
    });
    const page = rows.slice(0, size);
    const last = page[page.length - 1];
    return {
      transactions: page.map(toTransactionDto),
      next_page_token:
        rows.length > size && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    };
  }

  /**
   * The tax a request would carry now, at the rate in force now, and what would arrive (taxes.ts,
   * the same computation).
   */
  async taxPreview(query: TaxPreviewQuery): Promise<TaxPreviewResponse> {
    assertWalletEnabled(this.config);
    const { database, clock } = this.ctx;
    const amount = toCents(query.amount);
    const { rateBp, tax } = await taxAt(database.db, this.config, query.type, amount, clock.now());
    return {
      type: query.type,
      amount: query.amount,
      currency: WALLET_CURRENCY,
      tax_kind: taxKindOf(query.type),
      tax_rate_bp: rateBp,
      tax_mode: tax.tax_mode,
      tax_amount: fromCents(tax.tax_amount),
      net_amount: fromCents(netOf({ type: query.type, amount, ...tax })),
    };
  }

  async get(userId: string, id: string): Promise<Transaction> {
    assertWalletEnabled(this.config);
    const row = await findTxById(this.ctx.database.db, id);
    if (!row || row.user_id !== userId) throw refuse('NOT_FOUND', 'Transaction not found');
    return toTransactionDto(row);
  }
}
