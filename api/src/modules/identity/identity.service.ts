import {
  type IdentityDetails,
  type IdentityResponse,
  isOfAge,
  maskDocumentNumber,
  nairobiDate,
  UNDER_AGE,
  UNDER_AGE_MESSAGE,
} from '@mchezo/contracts/identity';
import { IDENTITY_REQUIRED } from '@mchezo/contracts/identity-constants';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { inTransaction } from '../../db/tx.js';
import { newId } from '../../lib/crypto.js';
import { refuse } from '../../lib/errors.js';
import {
  documentConfirmedElsewhere,
  findIdentity,
  findStatus,
  type IdentityRow,
  insertCheck,
  listChecks,
  saveIdentity,
} from './identity.repository.js';

/** What each gated action says when the player's identity is not confirmed. */
const REQUIRED_MESSAGES = {
  deposit:
    'Confirm your identity before your first deposit: add your date of birth and ID number on your profile.',
  withdraw: 'Confirm your identity before withdrawing: add your date of birth and ID number on your profile.',
  play: 'Confirm your identity before playing: add your date of birth and ID number on your profile.',
} as const;
export type GatedAction = keyof typeof REQUIRED_MESSAGES;

const view = (row: IdentityRow | undefined): IdentityResponse => {
  if (!row) return { status: 'none' };
  return {
    status: row.status,
    documentType: row.document_type,
    documentNumberMasked: maskDocumentNumber(row.document_number),
    dateOfBirth: row.date_of_birth,
    fullName: row.full_name,
    ...(row.reason ? { reason: row.reason } : {}),
  };
};

/** `19**-**-**`: the century only, until a member of staff reveals it with a reason. */
export const maskDateOfBirth = (date: string): string => `${date.slice(0, 2)}**-**-**`;

/** What staff see of an identity (modules/players): the number and date of birth masked. */
export interface StaffIdentity {
  status: IdentityRow['status'] | 'none';
  fullName: string | null;
  documentType: IdentityRow['document_type'] | null;
  idNumberMasked: string | null;
  dateOfBirthMasked: string | null;
  reason: string | null;
  checks: {
    provider: string;
    documentType: string;
    last4: string;
    status: string;
    reason: string | null;
    at: number;
  }[];
}

/** Identity checks a staff page lists. */
const CHECKS_LISTED = 20;

/**
 * Age and identity (docs/decisions/019-age-and-identity.md): collects a player's date of birth and
 * document, refuses anyone under 18, has the identity-check adapter confirm the details, and is
 * the gate deposits, withdrawals, game launches and stakes go through.
 */
export class IdentityService {
  constructor(private readonly ctx: AppContext) {}

  async get(userId: string): Promise<IdentityResponse> {
    return view(await findIdentity(this.ctx.database.db, userId));
  }

  /**
   * The identity document the person gave (any status), as `type:number`; [] when none. Four
   * eyes (modules/staff) compares two people's. Never answered to a client.
   */
  async documentKeysOf(db: Kysely<DB>, userId: string): Promise<string[]> {
    const row = await findIdentity(db, userId);
    return row ? [`${row.document_type}:${row.document_number}`] : [];
  }

  /** Throws 403 IDENTITY_REQUIRED unless the player's identity is confirmed. */
  async requireConfirmed(userId: string, action: GatedAction): Promise<void> {
    if ((await findStatus(this.ctx.database.db, userId)) !== 'confirmed')
      throw refuse(IDENTITY_REQUIRED, REQUIRED_MESSAGES[action]);
  }

  /**
   * Checks and stores the player's details. The body is already validated (shape, real date);
   * here: not in the future, 18 or older in Kenya today, not confirmed already. Nothing is stored
   * when any of these fails; the adapter is asked only after they pass.
   */
  async submit(userId: string, body: IdentityDetails): Promise<IdentityResponse> {
    const db = this.ctx.database.db;
    const now = this.ctx.clock.now();
    const today = nairobiDate(now);
    if (body.dateOfBirth > today)
      throw refuse('VALIDATION_ERROR', 'Invalid input: body.dateOfBirth: must not be in the future');
    if (!isOfAge(body.dateOfBirth, today)) throw refuse(UNDER_AGE, UNDER_AGE_MESSAGE);
    if ((await findStatus(db, userId)) === 'confirmed')
      throw refuse('IDENTITY_CONFIRMED', 'Your identity is already confirmed and cannot be changed');
    if (await documentConfirmedElsewhere(db, userId, body.documentType, body.documentNumber))
      throw refuse('DOCUMENT_IN_USE', 'This document is already confirmed on another account');

    // The register is asked outside any transaction (docs/decisions/012: no outside calls in one).
    const outcome = await this.ctx.identity.check(body);
    const status = outcome.status === 'unavailable' ? 'pending' : outcome.status;
    const reason =
      outcome.status === 'rejected'
        ? outcome.reason
        : outcome.status === 'unavailable'
          ? 'CHECK_UNAVAILABLE'
          : null;
    const provider = this.ctx.identity.name;
    const saved = await inTransaction(this.ctx.database, async (trx) => {
      // Confirmed elsewhere meanwhile (two accounts racing with one document): refused.
      if (
        status === 'confirmed' &&
        (await documentConfirmedElsewhere(trx, userId, body.documentType, body.documentNumber))
      )
        return 'in_use' as const;
      const stored = await saveIdentity(trx, {
        user_id: userId,
        full_name: body.fullName,
        date_of_birth: body.dateOfBirth,
        document_type: body.documentType,
        document_number: body.documentNumber,
        status,
        reason,
        provider,
        checked_at: now,
        created_at: now,
        updated_at: now,
      });
      if (!stored) return 'confirmed_already' as const;
      await insertCheck(trx, {
        id: newId(),
        user_id: userId,
        provider,
        document_type: body.documentType,
        document_last4: body.documentNumber.slice(-4),
        status,
        reason,
        checked_at: now,
      });
      return 'saved' as const;
    });
    if (saved === 'in_use')
      throw refuse('DOCUMENT_IN_USE', 'This document is already confirmed on another account');
    if (saved === 'confirmed_already')
      throw refuse('IDENTITY_CONFIRMED', 'Your identity is already confirmed and cannot be changed');
    this.ctx.log.info({ userId, provider, status, reason }, 'identity checked');
    return this.get(userId);
  }

  /** The identity and its checks as staff see them: never the full number or date of birth. */
  async staffView(userId: string): Promise<StaffIdentity> {
    const db = this.ctx.database.db;
    const [row, checks] = await Promise.all([
      findIdentity(db, userId),
      listChecks(db, userId, CHECKS_LISTED),
    ]);
    return {
      status: row?.status ?? 'none',
      fullName: row?.full_name ?? null,
      documentType: row?.document_type ?? null,
      idNumberMasked: row ? maskDocumentNumber(row.document_number) : null,
      dateOfBirthMasked: row ? maskDateOfBirth(row.date_of_birth) : null,
      reason: row?.reason ?? null,
      checks: checks.map((c) => ({
        provider: c.provider,
        documentType: c.document_type,
        last4: c.document_last4,
        status: c.status,
        reason: c.reason,
        at: Number(c.checked_at),
      })),
    };
  }

  /** The full ID number or date of birth, for a reveal staff make with a reason (audited by the caller). */
  async unmasked(userId: string, field: 'id_number' | 'date_of_birth'): Promise<string | undefined> {
    const row = await findIdentity(this.ctx.database.db, userId);
    if (!row) return undefined;
    return field === 'id_number' ? row.document_number : row.date_of_birth;
  }
}
