/**
 * Four eyes means two people (docs/decisions/061-four-eyes-means-two-people.md): THE check every
 * four-eyes decision makes (a manual adjustment's proposal and approval, a high AML case's
 * closing). The one deciding must be a second person to each it involves (who took part before,
 * and the account whose money moves): not the same account, and not an account that looks like
 * the same person behind another one:
 * - the same phone (normalised, E.164), or the same identity document (type and number, any
 *   status: a second account need not be confirmed to be the same person's);
 * - a shared device: a staff session of each opened from one browser (its staff device id,
 *   staff-device.ts);
 * - the enrolment chain: one issued the other an enrolment code or granted them a role (the
 *   staff audit's `staff.enrolment_issued`, `staff.role_granted`, and a finance or admin grant's
 *   `staff.role_grant_proposed` and `staff.role_grant_confirmed`, docs/decisions/065), either way.
 * Refused: 403 FOUR_EYES_REQUIRED, saying which. Other modules take it as a `SecondPersonCheck`.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { refuse } from '../../lib/errors.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { SecondPersonCheck } from './staff.types.js';

export type FourEyesRelation =
  | 'same_person'
  | 'same_phone'
  | 'same_document'
  | 'same_device'
  | 'enrolment_chain';

const WHY: Record<FourEyesRelation, string> = {
  same_person: 'you are one of the people it involves',
  same_phone: 'you share a phone number with someone it involves',
  same_document: 'you share an identity document with someone it involves',
  same_device: 'you signed in from the same browser as someone it involves',
  enrolment_chain: 'you enrolled or granted a role to someone it involves (or they to you)',
};

/** The staff audit's actions that link one person to another they brought in. */
const CHAIN_ACTIONS = [
  'staff.enrolment_issued',
  'staff.role_granted',
  'staff.role_grant_proposed',
  'staff.role_grant_confirmed',
];

export class FourEyesService {
  constructor(private readonly identity: Pick<IdentityService, 'documentKeysOf'>) {}

  /** The check, as other modules take it. */
  readonly check: SecondPersonCheck = (db, deciderId, others, what) =>
    this.assertSecondPerson(db, deciderId, others, what);

  /**
   * 403 FOUR_EYES_REQUIRED unless `deciderId` is a second person to every one of `others` (nulls
   * skipped). `what` names the decision ("approve this adjustment").
   */
  async assertSecondPerson(
    db: Kysely<DB>,
    deciderId: string,
    others: readonly (string | null)[],
    what: string,
  ): Promise<void> {
    for (const other of new Set(others.filter((o): o is string => o !== null))) {
      const relation = await this.relation(db, deciderId, other);
      if (relation) throw refuse('FOUR_EYES_REQUIRED', `A second person must ${what}: ${WHY[relation]}`);
    }
  }

  /** How `a` and `b` look like one person, or null when they are two. */
  async relation(db: Kysely<DB>, a: string, b: string): Promise<FourEyesRelation | null> {
    if (a === b) return 'same_person';
    const phones = await db.selectFrom('users').select(['id', 'phone']).where('id', 'in', [a, b]).execute();
    if (phones.length === 2 && phones[0]!.phone === phones[1]!.phone) return 'same_phone';
    const [docsA, docsB] = await Promise.all([
      this.identity.documentKeysOf(db, a),
      this.identity.documentKeysOf(db, b),
    ]);
    if (docsA.some((d) => docsB.includes(d))) return 'same_document';
    const shared = await db
      .selectFrom('staff_sessions as sa')
      .innerJoin('staff_sessions as sb', 'sb.device_id', 'sa.device_id')
      .select('sa.id')
      .where('sa.user_id', '=', a)
      .where('sb.user_id', '=', b)
      .where('sa.device_id', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    if (shared) return 'same_device';
    const chain = await db
      .selectFrom('staff_audit')
      .select('id')
      .where('action', 'in', CHAIN_ACTIONS)
      .where((eb) =>
        eb.or([
          eb.and([eb('actor_user_id', '=', a), eb('target_user_id', '=', b)]),
          eb.and([eb('actor_user_id', '=', b), eb('target_user_id', '=', a)]),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    if (chain) return 'enrolment_chain';
    return null;
  }
}
