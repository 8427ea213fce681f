/**
 * Canary floors (docs/decisions/059-canary-floors-and-start-up.md): per remote, what every guarded
 * canary of it must at least be (steps this long, this many before promotion, this many loads from
 * this many distinct browsers a step) and at most tolerate (error-rate increase over the active).
 * A release manager sets them (audited: one row per change, who, when, why); a remote nobody set
 * has the environment's (CANARY_FLOOR_*). A plan laxer than its remote's floors is refused when
 * the canary starts, whoever starts it, and the guard reads the floors in force at each decision,
 * so raising them holds back a plan written before.
 */
import type {
  CanaryFloor,
  CanaryFloorRequest,
  CanaryFloorsResponse,
  CanaryPlanRequest,
  RemoteName,
} from '@mchezo/contracts/releases';
import { REMOTE_NAMES } from '@mchezo/contracts/releases-constants';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { newId } from '../../lib/crypto.js';
import { refuse } from '../../lib/errors.js';
import { iso } from '../../lib/time.js';
import type { ReleasesConfig } from './releases.config.js';
import type { CanaryFloorsTable } from './releases.tables.js';

type Db = Kysely<DB>;

/** The floors the guard applies: what a plan's row is held to. */
export interface FloorLimits {
  step_ms: number;
  min_steps: number;
  min_loads: number;
  min_browsers: number;
  max_increase_bp: number;
}
export type FloorRow = FloorLimits & Partial<Pick<CanaryFloorsTable, 'set_by' | 'set_at' | 'reason'>>;

export const FLOOR_REFUSED = 'CANARY_PLAN_BELOW_FLOOR';

const minutes = (ms: number) => ms / 60_000;
const points = (bp: number) => `${Number((bp / 100).toFixed(2))} points`;

type FloorEnv = Pick<
  ReleasesConfig,
  | 'CANARY_FLOOR_STEP_SECONDS'
  | 'CANARY_FLOOR_MIN_STEPS'
  | 'CANARY_FLOOR_MIN_LOADS'
  | 'CANARY_FLOOR_MIN_BROWSERS'
  | 'CANARY_FLOOR_MAX_ERROR_RATE_INCREASE'
>;

export function defaultFloor(env: FloorEnv): FloorLimits {
  return {
    step_ms: env.CANARY_FLOOR_STEP_SECONDS * 1000,
    min_steps: env.CANARY_FLOOR_MIN_STEPS,
    min_loads: env.CANARY_FLOOR_MIN_LOADS,
    min_browsers: env.CANARY_FLOOR_MIN_BROWSERS,
    max_increase_bp: env.CANARY_FLOOR_MAX_ERROR_RATE_INCREASE,
  };
}

/**
 * Where a plan is laxer than the floors, each said with the floor it misses; empty: it is at
 * least as strict. A step's distinct browsers are the plan's `min_loads` (the guard asks as many
 * browsers as loads, docs/decisions/031-release-health-tickets.md).
 */
export function belowFloor(remote: string, plan: CanaryPlanRequest, floor: FloorLimits): string[] {
  const out: string[] = [];
  const stepMs = Math.round(plan.step_minutes * 60) * 1000;
  const steps = 1 + plan.ramp.length;
  const increaseBp = Math.round(plan.max_error_rate_increase * 10_000);
  if (stepMs < floor.step_ms)
    out.push(
      `step_minutes ${plan.step_minutes} is below ${remote}'s floor of ${minutes(floor.step_ms)} minutes`,
    );
  if (steps < floor.min_steps)
    out.push(
      `${steps} step(s) (the canary's and its ramp) is below ${remote}'s floor of ${floor.min_steps} steps`,
    );
  if (plan.min_loads < floor.min_loads)
    out.push(`min_loads ${plan.min_loads} is below ${remote}'s floor of ${floor.min_loads} loads a step`);
  if (plan.min_loads < floor.min_browsers)
    out.push(
      `min_loads ${plan.min_loads} (as many distinct browsers) is below ${remote}'s floor of ${floor.min_browsers} distinct browsers a step`,
    );
  if (increaseBp > floor.max_increase_bp)
    out.push(
      `max_error_rate_increase ${plan.max_error_rate_increase} is above ${remote}'s ceiling of ${floor.max_increase_bp / 10_000} (${points(floor.max_increase_bp)})`,
    );
  return out;
}

function toCanaryFloor(remote: RemoteName, row: FloorRow): CanaryFloor {
  return {
    remote,
    step_minutes: minutes(row.step_ms),
    min_steps: row.min_steps,
    min_loads: row.min_loads,
    min_browsers: row.min_browsers,
    max_error_rate_increase: row.max_increase_bp / 10_000,
    set_by: row.set_by ?? null,
    set_at: row.set_at === undefined ? null : iso(row.set_at),
    reason: row.reason ?? null,
  };
}

export class CanaryFloorService {
  constructor(
    private readonly ctx: AppContext,
    private readonly config: FloorEnv,
  ) {}

  /** The floors in force for a remote: the newest a release manager set, else the defaults. */
  async inForce(remote: RemoteName, db: Db = this.ctx.database.db): Promise<FloorRow> {
    const row = await db
      .selectFrom('canary_floors')
      .selectAll()
      .where('remote', '=', remote)
      .orderBy('set_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row
      ? { ...row, step_ms: Number(row.step_ms), set_at: Number(row.set_at) }
      : defaultFloor(this.config);
  }

  /** 422 CANARY_PLAN_BELOW_FLOOR naming every floor the plan misses. */
  async assertPlan(remote: RemoteName, plan: CanaryPlanRequest): Promise<void> {
    const misses = belowFloor(remote, plan, await this.inForce(remote));
    if (misses.length > 0)
      throw refuse(FLOOR_REFUSED, `The canary plan is laxer than ${remote}'s floors: ${misses.join('; ')}`);
  }

  async list(): Promise<CanaryFloorsResponse> {
    const db = this.ctx.database.db;
    const floors = await Promise.all(
      REMOTE_NAMES.map(async (r) => toCanaryFloor(r, await this.inForce(r, db))),
    );
    const rows = await db
      .selectFrom('canary_floors')
      .selectAll()
      .orderBy('set_at', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    const history = rows.map((row) =>
      toCanaryFloor(row.remote as RemoteName, {
        ...row,
        step_ms: Number(row.step_ms),
        set_at: Number(row.set_at),
      }),
    );
    return { floors, history };
  }

  /** A release manager's new floors for a remote: a new row (the old ones stay, the audit). */
  async set(actor: string, remote: RemoteName, req: CanaryFloorRequest): Promise<CanaryFloor> {
    const row: CanaryFloorsTable = {
      id: newId(),
      remote,
      step_ms: Math.round(req.step_minutes * 60) * 1000,
      min_steps: req.min_steps,
      min_loads: req.min_loads,
      min_browsers: req.min_browsers,
      max_increase_bp: Math.round(req.max_error_rate_increase * 10_000),
      set_by: actor,
      // After the floors in force, so the newest row is the one set last even within a millisecond.
      set_at: Math.max(this.ctx.clock.now(), ((await this.inForce(remote)).set_at ?? -1) + 1),
      reason: req.reason,
    };
    await this.ctx.database.db.insertInto('canary_floors').values(row).execute();
    return toCanaryFloor(remote, row);
  }
}
