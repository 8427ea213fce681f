/**
 * A browser counts once it has proved a page load (docs/decisions/060-health-counts-people.md).
 * Minting a client id and a ticket costs a script one free `GET`; so a client id's figures count
 * only once a page it was given has found a proof of work for it: a nonce such that
 * sha256(`<client id>:<nonce>`) starts with LOAD_PROOF_BITS zero bits, asked and sent with a
 * valid load ticket (bound to the browser, not to one ticket: a page whose manifest is read again
 * gets a new ticket meanwhile). The shell finds it as the page starts
 * (shell/src/federation/load-proof.ts); the server checks it with one hash and records the
 * client id as proven until the client id expires. What a client id that
 * never proved anything sent stays stored, but is read as `unproven`, never counted.
 */
import { createHash } from 'node:crypto';
import { proofInput, startsWithZeroBits } from '@mchezo/contracts/load-proof';
import type { LoadChallenge } from '@mchezo/contracts/release-health';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { clientExpiry, type TicketCheck } from './load-ticket.service.js';
import type { ReleaseHealthConfig } from './release-health.config.js';

/** Whether sha256(`challenge:nonce`) starts with `bits` zero bits. */
export const proofHolds = (challenge: string, nonce: string, bits: number): boolean =>
  startsWithZeroBits(createHash('sha256').update(proofInput(challenge, nonce)).digest(), bits);

/** `client in (proven clients)`, for a query over a table with a `client` column. */
export const provenClient = (column: string) =>
  sql<boolean>`${sql.ref(column)} in (select client from load_client_proofs)`;

export class LoadProofs {
  constructor(
    private readonly ctx: AppContext,
    private readonly config: ReleaseHealthConfig,
  ) {}

  /** What the page must prove for its ticket's browser: nothing without a valid ticket. */
  challenge(check: TicketCheck): LoadChallenge {
    return { challenge: check.ok ? check.ticket.client : null, bits: this.config.LOAD_PROOF_BITS };
  }

  /** Records the ticket's browser as proven when the nonce holds; answers whether it did. */
  async prove(check: TicketCheck, nonce: string): Promise<boolean> {
    if (!check.ok || !proofHolds(check.ticket.client, nonce, this.config.LOAD_PROOF_BITS)) return false;
    const { client } = check.ticket;
    const expires = clientExpiry(client);
    if (expires === null) return false;
    await this.ctx.database.db
      .insertInto('load_client_proofs')
      .values({ client, proven_at: this.ctx.clock.now(), expires_at: expires })
      .onConflict((oc) => oc.column('client').doNothing())
      .execute();
    return true;
  }
}

/** Whether a client id has proved a page load. */
export async function isProven(db: Kysely<DB>, client: string): Promise<boolean> {
  const row = await db
    .selectFrom('load_client_proofs')
    .select('client')
    .where('client', '=', client)
    .executeTakeFirst();
  return row !== undefined;
}
