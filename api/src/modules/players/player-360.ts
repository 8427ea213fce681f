/** The player 360's summary (GET /staff/players/:user_id) from what each owning module answered. */
import type { Player360 } from '@mchezo/contracts/staff-players';
import { iso } from '../../lib/time.js';
import type { PlayerAccount } from '../auth/player-accounts.service.js';
import type { StaffIdentity } from '../identity/identity.service.js';
import type { PlayerLimits } from '../safer-gambling/player-limits.service.js';

type Balances = Player360['balances'];

export function toPlayer360(
  account: PlayerAccount,
  id: StaffIdentity,
  lim: PlayerLimits,
  balances: Balances | undefined,
  paybill: string | undefined,
): Player360 {
  const limitView = (l: PlayerLimits['stake']) => ({
    amount: l.amount,
    pending: l.pending && { amount: l.pending.amount, applies_at: iso(l.pending.appliesAt) },
  });
  return {
    account: {
      user_id: account.id,
      phone: account.phone,
      full_name: account.fullName,
      status: account.status,
      created_at: iso(account.createdAt),
      last_sign_in_at: account.lastSignInAt === null ? null : iso(account.lastSignInAt),
      paybill_account: paybill ?? null,
      open_sessions: account.openSessions,
    },
    identity: {
      status: id.status,
      full_name: id.fullName,
      document_type: id.documentType,
      id_number_masked: id.idNumberMasked,
      date_of_birth_masked: id.dateOfBirthMasked,
      reason: id.reason,
      checks: id.checks.map((c) => ({
        provider: c.provider,
        document_type: c.documentType,
        document_last4: c.last4,
        status: c.status as 'pending' | 'confirmed' | 'rejected',
        reason: c.reason,
        checked_at: iso(c.at),
      })),
    },
    limits: {
      deposit_limits: lim.deposit.map((d) => ({ period: d.period, ...limitView(d.limit) })),
      loss_limits: lim.loss.map((d) => ({ period: d.period, ...limitView(d.limit) })),
      stake_limit: limitView(lim.stake),
      restrictions: lim.restrictions.map((r) => ({
        kind: r.kind as 'time_out' | 'self_exclusion',
        length: r.length,
        started_at: iso(r.startedAt),
        until: iso(r.endsAt),
        active: r.active,
      })),
      reality_check_minutes: lim.realityCheckMinutes,
    },
    balances: balances ?? { currency: 'KES', main: 0, withdrawal: 0, bonus: 0 },
  };
}
