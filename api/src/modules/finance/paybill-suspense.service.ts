/**
 * Paybill suspense, finance's side of Paybill deposits (docs/product-rules.md#deposit): the
 * payments no player's account number matched, listed oldest first in the review queue; an
 * operator assigns one to a player, credited as any matched payment would have been (the
 * wallet's PaybillService.credit), audited. And the registration of our C2B URLs with the
 * provider.
 */
import { fromCents } from '@mchezo/contracts/money';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/tx.js';
import { newId } from '../../lib/crypto.js';
import { refuse } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import {
  assignPayment,
  findAccountHolder,
  findPayment,
  findWallet,
  listSuspense,
  type PaybillPaymentRow,
} from '../wallet/ledger.service.js';
import type { PaybillService } from '../wallet/paybill.service.js';
import { WALLET_CURRENCY } from '../wallet/wallet.service.js';
import { auditEntry, type FinanceActor, type RecordAudit } from './finance-audit.js';

const suspenseDto = (p: PaybillPaymentRow) => ({
  paybill_id: p.id,
  trans_id: p.trans_id,
  amount: fromCents(p.amount),
  currency: WALLET_CURRENCY,
  bill_ref: p.bill_ref,
  msisdn: p.msisdn,
  reason: p.reason,
  received_at: iso(p.created_at),
});

export class PaybillSuspenseService {
  constructor(
    private readonly ctx: AppContext,
    private readonly paybill: PaybillService,
    private readonly audit: RecordAudit,
  ) {}

  async suspense(limit: number) {
    return (await listSuspense(this.ctx.database.db, limit)).map(suspenseDto);
  }

  /**
   * An operator gives a payment in suspense to a player, named by their account number (well
   * formed: the request's schema, AssignPaybillRequest, refused any other) or by their id: a player
   * without an account number yet is given theirs here, the one action that needs it. Audited.
   */
  async assign(
    actor: FinanceActor,
    id: string,
    to: { account: string } | { playerId: string },
    note: string,
  ) {
    return inTransaction(this.ctx.database, async (trx) => {
      const now = this.ctx.clock.now();
      const row = await findPayment(trx, id);
      if (!row) throw refuse('NOT_FOUND', 'Paybill payment not found');
      if (row.status !== 'suspense') throw refuse('NOT_IN_SUSPENSE', 'The payment is already credited');
      const userId = 'account' in to ? await findAccountHolder(trx, to.account) : to.playerId;
      if (!userId) throw refuse('UNKNOWN_ACCOUNT', 'No player has this account number');
      if (!(await findWallet(trx, userId))) throw refuse('UNKNOWN_PLAYER', 'No such player');
      const account = 'account' in to ? to.account : await this.paybill.accountOf(trx, userId);
      const transactionId = newId();
      if (!(await assignPayment(trx, id, userId, transactionId, now)))
        throw refuse('ALREADY_RESOLVED', 'Another operator assigned it first');
      await this.paybill.credit(
        trx,
        userId,
        transactionId,
        { TransID: row.trans_id, TransAmount: row.amount, MSISDN: row.msisdn },
        row.body,
        now,
      );
      await this.audit(
        trx,
        auditEntry(actor, 'finance.paybill_assigned', ['paybill_payment', id], {
          targetUserId: userId,
          before: { status: 'suspense', reason: row.reason, bill_ref: row.bill_ref },
          after: {
            status: 'credited',
            account_number: account,
            transaction_id: transactionId,
            amount_minor: row.amount,
          },
          note,
        }),
      );
      return { paybill_id: id, status: 'credited' as const, transaction_id: transactionId };
    });
  }

  /** Registers our C2B confirmation and validation URLs for the paybill with the provider. */
  async registerUrls() {
    const { payments } = this.ctx;
    if (!payments.registerC2bUrls)
      throw refuse('NOT_SUPPORTED', `The ${payments.name} provider has no C2B URLs to register`);
    const urls = {
      shortCode: this.paybill.paybillNumber,
      confirmationUrl: this.paybill.c2bUrl('confirmation'),
      validationUrl: this.paybill.c2bUrl('validation'),
    };
    const result = await payments.registerC2bUrls(urls);
    if (!result.accepted) throw refuse('C2B_REGISTER_REFUSED', `Registration refused: ${result.reason}`);
    return {
      short_code: urls.shortCode,
      response_type: 'Completed' as const,
      description: result.description,
    };
  }
}
