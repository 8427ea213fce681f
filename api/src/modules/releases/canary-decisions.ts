/**
 * The canary guard's decisions as stored (0029): what it decided on a step and the figures it
 * decided on, structured for the health history's chart (the text stays in the revision's
 * reason and the plan's last check). Every function takes the database or a transaction.
 */
import type { GuardFigures, GuardSide, GuardVerdict } from '@mchezo/contracts/release-history';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { newId } from '../../lib/crypto.js';
import {
  errorRate,
  type UnprovenCounts,
  type VersionCounts,
} from '../release-health/release-health.service.js';
import type { StepVitals } from './canary-plans.js';
import type { PlanRow } from './canary-plans.repository.js';

type Db = Kysely<DB>;
const MINUTE = 60_000;

function side(
  version: string,
  c: VersionCounts,
  vitals: StepVitals['canary'] | undefined,
  unproven: UnprovenCounts | undefined,
): GuardSide {
  const attempts = c.loads + c.failures;
  return {
    version,
    attempts,
    bad: Math.min(attempts, c.failures + c.render_errors),
    error_rate: errorRate(c) ?? 0,
    clients: c.clients,
    unproven_reports: unproven?.reports ?? 0,
    unproven_clients: unproven?.clients ?? 0,
    lcp_p75: vitals?.lcp.p75 ?? null,
    lcp_samples: vitals?.lcp.samples ?? 0,
    inp_p75: vitals?.inp.p75 ?? null,
    inp_samples: vitals?.inp.samples ?? 0,
  };
}

/**
 * The figures of one judgement: each side over the step, as `judge` read them, and what it left
 * out (reports of browsers that never proved a page load: docs/decisions/060-health-counts-people.md).
 */
export function guardFigures(
  plan: PlanRow,
  active: string,
  counts: { canary: VersionCounts; active: VersionCounts },
  vitals: StepVitals | undefined,
  now: number,
  unproven?: Record<string, UnprovenCounts>,
): GuardFigures {
  return {
    canary: side(plan.version, counts.canary, vitals?.canary, unproven?.[plan.version]),
    active: side(active, counts.active, vitals?.active, unproven?.[active]),
    step_elapsed_ms: Math.max(0, now - plan.step_started_at),
    speed_limited: vitals !== undefined,
  };
}

/**
 * Whether a hold is worth keeping: the step's first, or the first of a minute (the guard checks
 * every few seconds; the history's buckets are minutes at the finest).
 */
export const keepHold = (plan: PlanRow, now: number) =>
  plan.last_check_at === null ||
  plan.last_check_at < plan.step_started_at ||
  Math.floor(plan.last_check_at / MINUTE) !== Math.floor(now / MINUTE);

export async function insertDecision(
  db: Db,
  plan: PlanRow,
  decision: {
    at: number;
    verdict: GuardVerdict;
    nextPercent: number | null;
    figures: GuardFigures;
    text: string;
    revision: number | null;
  },
): Promise<void> {
  const steps = JSON.parse(plan.steps) as number[];
  await db
    .insertInto('canary_decisions')
    .values({
      id: newId(),
      plan_id: plan.id,
      remote: plan.remote,
      version: plan.version,
      at: decision.at,
      step: plan.step,
      percent: steps[plan.step] ?? 0,
      verdict: decision.verdict,
      next_percent: decision.nextPercent,
      figures: JSON.stringify(decision.figures),
      text: decision.text,
      revision: decision.revision,
    })
    .execute();
}

/** Deletes decisions older than release health keeps its figures. */
export async function pruneDecisions(db: Db, before: number): Promise<void> {
  await db.deleteFrom('canary_decisions').where('at', '<', before).execute();
}
