/**
 * Deploy keys (docs/decisions/046-deploy-keys.md): a team's CI credential, created by a release
 * manager, for ONE remote and some actions (publish a version of it; start a canary of it, guarded
 * by the canary guard's plan, up to a maximum percentage), with an expiry. The token
 * (`mdk_` + 32 random bytes) is shown once; only its SHA-256 is kept, and a presented token is
 * found by that hash and compared in constant time. Revocable; every use is recorded, and the
 * release history names the key (`deploy-key:<name>`) as who published or started the canary.
 */
import type {
  CanaryRequest,
  CreateDeployKeyRequest,
  CreatedDeployKey,
  DeployKey,
  DeployKeyAction,
  DeployKeysResponse,
  RemoteName,
  RevokeDeployKeyRequest,
} from '@mchezo/contracts/releases';
import { DEPLOY_KEY_MAX_DAYS, DEPLOY_KEY_PREFIX } from '@mchezo/contracts/releases-constants';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/tx.js';
import { newId, randomToken, safeEqual, sha256 } from '../../lib/crypto.js';
import { refuse } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import {
  type DeployKeyRow,
  type DeployKeyUseRow,
  findDeployKey,
  findDeployKeyByHash,
  insertDeployKey,
  latestDeployKeyUses,
  listDeployKeys,
  recordDeployKeyUse,
  revokeDeployKey,
} from './deploy-keys.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Uses each key shows in the list, newest first. */
const USES_SHOWN = 20;
const SCOPE = 'DEPLOY_KEY_SCOPE';

/** The deploy key's token in an `Authorization: Bearer …` header, if that is what it carries. */
export function deployKeyToken(authorization: string | undefined): string | null {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  return token?.startsWith(DEPLOY_KEY_PREFIX) ? token : null;
}

/** What every route that takes a person's session answers a deploy key. */
export const deployKeyRefused = () =>
  refuse(
    SCOPE,
    'A deploy key may only publish versions of its remote and start guarded canaries of it; sign in as a release manager for anything else',
  );

/** How the history names a deploy key's changes: `deploy-key:<name>`. */
export const DEPLOY_KEY_ACTOR_PREFIX = 'deploy-key:';
export const deployKeyActor = (name: string) => `${DEPLOY_KEY_ACTOR_PREFIX}${name}`;

const actionsOf = (row: DeployKeyRow) => row.actions.split(',').filter(Boolean) as DeployKeyAction[];

function statusOf(row: DeployKeyRow, now: number): DeployKey['status'] {
  if (row.revoked_at !== null) return 'revoked';
  return row.expires_at <= now ? 'expired' : 'active';
}

function toDeployKey(row: DeployKeyRow, uses: DeployKeyUseRow[], now: number): DeployKey {
  return {
    id: row.id,
    name: row.name,
    actor: deployKeyActor(row.name),
    remote: row.remote as RemoteName,
    actions: actionsOf(row),
    max_canary_percent: row.max_canary_percent,
    status: statusOf(row, now),
    created_by: row.created_by,
    created_at: iso(row.created_at),
    expires_at: iso(row.expires_at),
    revoked_by: row.revoked_by,
    revoked_at: row.revoked_at === null ? null : iso(row.revoked_at),
    revoke_reason: row.revoke_reason,
    last_used_at: row.last_used_at === null ? null : iso(row.last_used_at),
    uses: uses.map((u) => ({ action: u.action as DeployKeyAction, version: u.version, at: iso(u.at) })),
  };
}

export class DeployKeyService {
  constructor(private readonly ctx: AppContext) {}

  async create(actor: string, req: CreateDeployKeyRequest): Promise<CreatedDeployKey> {
    const now = this.ctx.clock.now();
    const expiresAt = Date.parse(req.expires_at);
    if (expiresAt <= now) throw refuse('DEPLOY_KEY_EXPIRY', 'expires_at must be in the future');
    if (expiresAt > now + DEPLOY_KEY_MAX_DAYS * DAY_MS)
      throw refuse('DEPLOY_KEY_EXPIRY', `A deploy key lives at most ${DEPLOY_KEY_MAX_DAYS} days`);
    const canary = req.actions.includes('canary');
    if (canary && req.max_canary_percent === undefined)
      throw refuse('DEPLOY_KEY_MAX_PERCENT', 'A key that may start canaries needs max_canary_percent');
    if (!canary && req.max_canary_percent !== undefined)
      throw refuse('DEPLOY_KEY_MAX_PERCENT', 'max_canary_percent is for keys that may start canaries');
    const token = `${DEPLOY_KEY_PREFIX}${randomToken(32)}`;
    const row: DeployKeyRow = {
      id: newId(),
      name: req.name,
      remote: req.remote,
      actions: req.actions.join(','),
      max_canary_percent: req.max_canary_percent ?? null,
      token_hash: sha256(token),
      created_by: actor,
      created_at: now,
      expires_at: expiresAt,
      revoked_by: null,
      revoked_at: null,
      revoke_reason: null,
      last_used_at: null,
    };
    try {
      await insertDeployKey(this.ctx.database.db, row);
    } catch (err) {
      if (isUniqueViolation(err))
        throw refuse('DEPLOY_KEY_NAME_TAKEN', `A deploy key named ${req.name} exists already`);
      throw err;
    }
    return { ...toDeployKey(row, [], now), token };
  }

  async list(): Promise<DeployKeysResponse> {
    const db = this.ctx.database.db;
    const [rows, uses] = await Promise.all([listDeployKeys(db), latestDeployKeyUses(db)]);
    const now = this.ctx.clock.now();
    return {
      keys: rows.map((row) =>
        toDeployKey(row, uses.filter((u) => u.key_id === row.id).slice(0, USES_SHOWN), now),
      ),
    };
  }

  async revoke(actor: string, id: string, req: RevokeDeployKeyRequest): Promise<DeployKey> {
    const db = this.ctx.database.db;
    const now = this.ctx.clock.now();
    if (!(await findDeployKey(db, id))) throw refuse('NOT_FOUND', 'No such deploy key');
    const fields = { revoked_by: actor, revoked_at: now, revoke_reason: req.reason };
    if (!(await revokeDeployKey(db, id, fields)))
      throw refuse('DEPLOY_KEY_ALREADY_REVOKED', 'This deploy key is revoked already');
    const row = (await findDeployKey(db, id)) as DeployKeyRow;
    return toDeployKey(row, [], now);
  }

  /** The key a token names: 401 when none does, 403 when it is revoked or expired. */
  async authenticate(token: string): Promise<DeployKeyRow> {
    const hash = sha256(token);
    const row = await findDeployKeyByHash(this.ctx.database.db, hash);
    if (!row || !safeEqual(row.token_hash, hash))
      throw refuse('DEPLOY_KEY_UNKNOWN', 'Unknown deploy key', { reason: 'DEPLOY_KEY_UNKNOWN' });
    if (row.revoked_at !== null) throw refuse('DEPLOY_KEY_REVOKED', `Deploy key ${row.name} is revoked`);
    if (row.expires_at <= this.ctx.clock.now())
      throw refuse('DEPLOY_KEY_EXPIRED', `Deploy key ${row.name} expired at ${iso(row.expires_at)}`);
    return row;
  }

  /** The key may do `action` on `remote`, else 403 DEPLOY_KEY_SCOPE. */
  authorize(key: DeployKeyRow, remote: RemoteName, action: DeployKeyAction): void {
    if (key.remote !== remote)
      throw refuse(SCOPE, `Deploy key ${key.name} is for ${key.remote}, not ${remote}`);
    if (!actionsOf(key).includes(action))
      throw refuse(SCOPE, `Deploy key ${key.name} may not ${action} (it may: ${key.actions})`);
  }

  /**
   * A key's canary: guarded by the canary guard's plan (the guard, not the key, promotes it), and
   * the canary and every step of its ramp within the key's maximum percentage. The plan's pace
   * is the remote's canary floors' business, for keys and people alike (canary-floors.ts, checked
   * by CanaryGuard.canary and at each of the guard's decisions).
   */
  authorizeCanary(key: DeployKeyRow, remote: RemoteName, req: CanaryRequest): void {
    this.authorize(key, remote, 'canary');
    if (!req.plan)
      throw refuse(SCOPE, `Deploy key ${key.name} starts guarded canaries only: give the canary a plan`);
    // Only a release manager may put a version over its byte budget in front of players (decision 048).
    if (req.override_budget)
      throw refuse(SCOPE, `Deploy key ${key.name} cannot override a byte budget: a release manager can`);
    const highest = Math.max(req.percent, ...req.plan.ramp);
    const max = key.max_canary_percent ?? 0;
    if (highest > max)
      throw refuse(SCOPE, `Deploy key ${key.name} may take a canary to ${max}% at most, not ${highest}%`);
  }

  async recordUse(
    key: DeployKeyRow,
    action: DeployKeyAction,
    remote: RemoteName,
    version: string,
  ): Promise<void> {
    await recordDeployKeyUse(this.ctx.database.db, {
      id: newId(),
      key_id: key.id,
      action,
      remote,
      version,
      at: this.ctx.clock.now(),
    });
  }
}
