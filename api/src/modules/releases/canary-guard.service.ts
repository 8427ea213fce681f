/**
 * The canary guard (docs/decisions/023-canary-guard.md). A canary set with a plan moves through
 * its steps by itself: every CANARY_GUARD_INTERVAL_MS the instance holding the guard's lease
 * reads each running plan's step figures from release health and aborts the canary, moves it to
 * the next percentage, promotes it, or waits (canary-plans.ts, `judge`). Each move is an ordinary
 * revision by "canary-guard" whose reason carries the figures, written in one transaction with
 * the plan's own row. Plans and the lease live in the database: a restarted or another instance
 * carries on where the last one stopped.
 */
import type { CanaryRequest, RemoteName, RevisionEntry } from '@mchezo/contracts/releases';
import { CANARY_GUARD_ACTOR } from '@mchezo/contracts/releases-constants';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/tx.js';
import { newId } from '../../lib/crypto.js';
import { AppError, refuse } from '../../lib/errors.js';
import { Job } from '../../lib/job-runner.js';
import type { ReleaseHealthService } from '../release-health/release-health.service.js';
import { guardFigures, insertDecision, keepHold, pruneDecisions } from './canary-decisions.js';
import { CanaryFloorService } from './canary-floors.js';
import { type Baseline, type ChangeOptions, judge, newPlanRow, sinceStepStart } from './canary-plans.js';
import {
  endRunningPlans,
  insertPlan,
  type PlanRow,
  runningPlans,
  updateRunningPlan,
} from './canary-plans.repository.js';
import type { ReleasesConfig } from './releases.config.js';
import type { CanaryPlansTable } from './releases.tables.js';
import type { RevisionService } from './revisions.service.js';

const DAY_MS = 86_400_000;

/** What one round did: whether this instance held the lease, and the moves it made. */
interface GuardRound {
  leader: boolean;
  actions: string[];
}

export class CanaryGuard {
  /** The rounds, on the lease's holder only: started and stopped by the app (app.ts), with the other jobs. */
  readonly job: Job<string[]>;
  /** Each remote's floors, which every plan meets when it starts and at each decision. */
  readonly floors: CanaryFloorService;

  constructor(
    private readonly ctx: AppContext,
    private readonly revisions: RevisionService,
    /** The guard reads health only through the release-health module's service. */
    private readonly health: ReleaseHealthService,
    config: ReleasesConfig,
  ) {
    this.floors = new CanaryFloorService(ctx, config);
    const everyMs = config.CANARY_GUARD_INTERVAL_MS;
    this.job = new Job(ctx, {
      name: 'canary-guard',
      everyMs,
      // Renewed by the runner while this instance lives; a killed holder's runs out.
      leaseMs: config.JOB_LEASE_TTL_MS,
      round: () => this.round(),
    });
  }

  /** Stops the rounds and gives the lease up, so another instance takes over at once. */
  stop(): Promise<void> {
    return this.job.stop();
  }

  /** A canary request: with a plan, the revision and the plan are written together. */
  async canary(actor: string, remote: RemoteName, req: CanaryRequest): Promise<RevisionEntry> {
    const plan = req.plan;
    if (!plan) return this.revisions.canary(actor, remote, req);
    await this.floors.assertPlan(remote, plan);
    const active = (await this.revisions.current()).remotes[remote]?.version;
    const versions = active ? [active, req.version] : [req.version];
    const baseline = await this.baseline(remote, versions, this.ctx.clock.now());
    return this.revisions.canary(actor, remote, req, {
      inTx: (trx, rev) =>
        insertPlan(
          trx,
          newPlanRow(
            { id: newId(), remote, version: req.version, percent: req.percent, actor, now: rev.created_at },
            plan,
            baseline,
          ),
        ),
    });
  }

  /** One round now (one at a time: a call during a round waits for it). */
  async runOnce(): Promise<GuardRound> {
    const round = await this.job.runOnce();
    return round.leader ? { leader: true, actions: round.result } : { leader: false, actions: [] };
  }

  /** The lease holder's round: each running plan judged and acted on; the moves made. */
  private async round(): Promise<string[]> {
    const { ctx } = this;
    const db = ctx.database.db;
    const actions: string[] = [];
    // The decisions are kept as long as release health keeps the figures they were made on.
    await pruneDecisions(db, ctx.clock.now() - this.health.retentionDays * DAY_MS);
    for (const plan of await runningPlans(db)) {
      try {
        const action = await this.guard(plan);
        if (action) actions.push(action);
      } catch (err) {
        // Someone changed the release meanwhile: the next round reads it again.
        if (err instanceof AppError && err.statusCode === 409) continue;
        ctx.log.error(
          { remote: plan.remote, version: plan.version, err: { message: (err as Error).message } },
          'canary guard could not act',
        );
      }
    }
    return actions;
  }

  /** Loads already counted in the minute `at` falls in: what a step starting then leaves out. */
  private async baseline(remote: RemoteName, versions: string[], at: number): Promise<Baseline> {
    const counts = await this.health.versionCounts(remote, versions, at);
    return Object.fromEntries(
      Object.entries(counts).map(([v, c]) => [
        v,
        { loads: c.loads, failures: c.failures, render_errors: c.render_errors },
      ]),
    );
  }

  /** Judges one plan's step and acts on it; answers the move made, or null. */
  private async guard(plan: PlanRow): Promise<string | null> {
    const db = this.ctx.database.db;
    const remote = plan.remote as RemoteName;
    const manifest = await this.revisions.current();
    const live = manifest.remotes[remote];
    const now = this.ctx.clock.now();
    if (!live?.canary || live.canary.version !== plan.version) {
      // Every change through release control ends the plan itself; this covers any other way.
      await endRunningPlans(db, [remote], undefined, {
        at: now,
        reason: `the canary is no longer ${plan.version}`,
      });
      return null;
    }
    const versions = [live.version, plan.version];
    const counts = await this.health.versionCounts(remote, versions, plan.step_started_at);
    // Never judged on: recorded with the decision, so the release screen shows what was left out.
    const unproven = await this.health.unprovenCounts(remote, versions, plan.step_started_at);
    const before = JSON.parse(plan.baseline) as Baseline;
    // The speed limit reads the step's vitals (from its first minute: buckets cannot be taken apart).
    const limited = plan.max_lcp_increase_ms !== null || plan.max_inp_increase_ms !== null;
    const vitals = limited
      ? await this.health.canaryVitals(
          remote,
          { canary: plan.version, active: live.version },
          plan.step_started_at,
        )
      : undefined;
    const step = {
      canary: sinceStepStart(counts[plan.version], before[plan.version]),
      active: sinceStepStart(counts[live.version], before[live.version]),
    };
    const verdict = judge(plan, step.canary, step.active, now, vitals, await this.floors.inForce(remote));
    const checked = { last_check: verdict.text, last_check_at: now };
    const request = { base_revision: manifest.revision, reason: verdict.text };
    /** The decision as stored, with the figures it was made on (the health history's markers). */
    const decision = (revision: number | null) => ({
      at: now,
      verdict: verdict.kind,
      nextPercent: verdict.kind === 'advance' ? verdict.percent : null,
      figures: guardFigures(plan, live.version, step, vitals, now, unproven),
      text: verdict.text,
      revision,
    });
    /** The plan's row and the decision change in the revision's transaction, or none is written. */
    const own = (changes: Updateable<CanaryPlansTable>): ChangeOptions => ({
      keepPlan: plan.id,
      inTx: async (trx, rev) => {
        if (!(await updateRunningPlan(trx, plan.id, plan.step, { ...checked, ...changes })))
          throw refuse('STALE_PLAN', 'The plan changed meanwhile');
        await insertDecision(trx, plan, decision(rev.revision));
      },
    });
    const ended = (status: 'aborted' | 'promoted') =>
      own({ status, ended_at: now, end_reason: verdict.text });
    switch (verdict.kind) {
      case 'wait':
        // A hold: the plan's last check, and the decision once a minute, together.
        await inTransaction(this.ctx.database, async (trx) => {
          if ((await updateRunningPlan(trx, plan.id, plan.step, checked)) && keepHold(plan, now))
            await insertDecision(trx, plan, decision(null));
        });
        return null;
      case 'abort':
        await this.revisions.abort(CANARY_GUARD_ACTOR, remote, request, ended('aborted'));
        break;
      case 'promote':
        await this.revisions.promote(CANARY_GUARD_ACTOR, remote, request, ended('promoted'));
        break;
      case 'advance': {
        const baseline = JSON.stringify(await this.baseline(remote, versions, now));
        await this.revisions.canary(
          CANARY_GUARD_ACTOR,
          remote,
          { version: plan.version, percent: verdict.percent, ...request },
          own({ step: plan.step + 1, step_started_at: now, baseline }),
        );
        break;
      }
    }
    this.ctx.log.info({ remote, version: plan.version, verdict: verdict.kind }, verdict.text);
    return `${remote}: ${verdict.text}`;
  }
}
