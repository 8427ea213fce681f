/**
 * Revisions of the release manifest. Every change is a new revision (who, when, why, what),
 * written in one transaction that first checks the caller's base revision is still the current
 * one (compare-and-swap): a stale base is refused with 409. A version going live (activate,
 * canary, promote, enable, roll back the manifest or one remote) first passes the compatibility check (releases.compat.ts),
 * outside the transaction, so no file is read while the write lock is held. A retired version is
 * never named again (live-check.ts): checked before, and held inside the transaction.
 */
import type {
  ActivateRequest,
  CanaryRequest,
  OverrideBudget,
  ReleaseManifest,
  RemoteName,
  RemoteRelease,
  RevisionEntry,
  RollbackRequest,
  ToggleRequest,
} from '@mchezo/contracts/releases';
import type { AppContext } from '../../context.js';
import { refuse } from '../../lib/errors.js';
import type { ChangeOptions } from './canary-plans.js';
import { kb, overBudget } from './critical-path.js';
import { DEPLOY_KEY_ACTOR_PREFIX } from './deploy-keys.service.js';
import { EntryIntegrity } from './entry-integrity.js';
import { withoutFailing } from './integrity.service.js';
import { checkLive, checkVersion } from './live-check.js';
import { type Change, type Remotes, stale, toRevisionEntry, writeRevision } from './manifest-change.js';
import type { ReleasesConfig } from './releases.config.js';
import type { VersionRow } from './releases.repository.js';
import { failingVersions, findRevision, latestRevision, listRevisions } from './releases.repository.js';
import type { VersionService } from './versions.service.js';

const EMPTY_MANIFEST: ReleaseManifest = { revision: 0, remotes: {} };

export class RevisionService {
  private readonly entryIntegrity: EntryIntegrity;

  constructor(
    private readonly ctx: AppContext,
    private readonly versions: VersionService,
    private readonly config: ReleasesConfig,
  ) {
    this.entryIntegrity = new EntryIntegrity(ctx.database.db, versions.store);
  }

  /** The served manifest as stored (compact JSON), so the ETag is stable. */
  async manifestJson(): Promise<string> {
    const row = await latestRevision(this.ctx.database.db);
    return row ? row.manifest : JSON.stringify(EMPTY_MANIFEST);
  }

  async current(): Promise<ReleaseManifest> {
    return JSON.parse(await this.manifestJson()) as ReleaseManifest;
  }

  /**
   * The manifest browsers get: as stored, less versions failing their integrity check
   * (integrity.service.ts), with each live version's entry hashes (entry-integrity.ts).
   */
  async servedJson(): Promise<string> {
    const [stored, failing] = await Promise.all([this.manifestJson(), failingVersions(this.ctx.database.db)]);
    const manifest = JSON.parse(stored) as ReleaseManifest;
    return JSON.stringify(
      await this.entryIntegrity.add(failing.length ? withoutFailing(manifest, failing) : manifest),
    );
  }

  async served(): Promise<ReleaseManifest> {
    return JSON.parse(await this.servedJson()) as ReleaseManifest;
  }

  async history(limit: number): Promise<RevisionEntry[]> {
    return (await listRevisions(this.ctx.database.db, limit)).map(toRevisionEntry);
  }

  async activate(actor: string, remote: RemoteName, req: ActivateRequest): Promise<RevisionEntry> {
    return this.change(actor, req.base_revision, req.reason, async (m) => {
      const v = await this.versions.require(remote, req.version);
      const existing = m.remotes[remote];
      if (existing?.version === req.version) throw noChange(`${remote} is already at ${req.version}`);
      const overridden = await this.withinBudget(
        actor,
        remote,
        v,
        existing?.version ?? null,
        req.override_budget,
      );
      const next: RemoteRelease = { version: v.version, entry: v.entry, enabled: existing?.enabled ?? true };
      if (existing?.canary && existing.canary.version !== req.version) next.canary = existing.canary;
      return {
        action: `activate ${remote} ${req.version}${overridden}`,
        remotes: { ...m.remotes, [remote]: next },
      };
    });
  }

  /**
   * A version going live by activate or canary is within its remote's byte budget (decision 048),
   * else 422 OVER_BYTE_BUDGET with the figures; a release manager's `override` lets it through, and
   * the revision's action says so, with who and why (the answer is the text to add to it).
   */
  private async withinBudget(
    actor: string,
    remote: RemoteName,
    v: VersionRow,
    active: string | null,
    override: OverrideBudget | undefined,
  ): Promise<string> {
    const figures = await this.versions.budget(remote, v, active);
    if (!figures.over) return '';
    if (!override) throw overBudget(figures);
    if (actor.startsWith(DEPLOY_KEY_ACTOR_PREFIX))
      throw refuse('DEPLOY_KEY_SCOPE', 'A deploy key cannot override a byte budget: a release manager can');
    return `; over its byte budget (${kb(figures.bytes ?? 0)} > ${kb(figures.budget)}), overridden by ${actor}: ${override.reason}`;
  }

  async setEnabled(
    actor: string,
    remote: RemoteName,
    enabled: boolean,
    req: ToggleRequest,
  ): Promise<RevisionEntry> {
    return this.change(actor, req.base_revision, req.reason, async (m) => {
      const existing = m.remotes[remote];
      if (!existing) throw noChange(`${remote} has no active version yet; activate one first`);
      if (existing.enabled === enabled)
        throw noChange(`${remote} is already ${enabled ? 'enabled' : 'disabled'}`);
      return {
        action: `${enabled ? 'enable' : 'disable'} ${remote}`,
        remotes: { ...m.remotes, [remote]: { ...existing, enabled } },
      };
    });
  }

  /** With a plan, a canary that guards itself (canary-guard.service.ts writes the plan through `opts`). */
  async canary(
    actor: string,
    remote: RemoteName,
    req: CanaryRequest,
    opts: ChangeOptions = {},
  ): Promise<RevisionEntry> {
    const change = async (m: ReleaseManifest): Promise<Change> => {
      const existing = m.remotes[remote];
      if (!existing) throw noChange(`${remote} has no active version yet; activate one first`);
      if (existing.version === req.version)
        throw noChange(`${req.version} is already ${remote}'s active version`);
      const v = await this.versions.require(remote, req.version);
      if (!req.plan && existing.canary?.version === req.version && existing.canary.percent === req.percent)
        throw noChange(`${remote} already has ${req.version} as canary at ${req.percent}%`);
      const overridden = await this.withinBudget(actor, remote, v, existing.version, req.override_budget);
      const plan = req.plan;
      const guarded = plan
        ? `, guarded: ${[req.percent, ...plan.ramp].join('% -> ')}% -> promote, ${plan.step_minutes} min a step`
        : '';
      return {
        action: `canary ${remote} ${req.version} ${req.percent}%${guarded}${overridden}`,
        remotes: {
          ...m.remotes,
          [remote]: { ...existing, canary: { version: v.version, entry: v.entry, percent: req.percent } },
        },
      };
    };
    return this.change(actor, req.base_revision, req.reason, change, { ...opts, touches: [remote] });
  }

  async promote(
    actor: string,
    remote: RemoteName,
    req: ToggleRequest,
    opts: ChangeOptions = {},
  ): Promise<RevisionEntry> {
    return this.change(
      actor,
      req.base_revision,
      req.reason,
      async (m) => {
        const existing = m.remotes[remote];
        if (!existing?.canary) throw noCanary(remote);
        const { version, entry } = existing.canary;
        return {
          action: `promote ${remote} canary ${version}`,
          remotes: { ...m.remotes, [remote]: { version, entry, enabled: existing.enabled } },
        };
      },
      opts,
    );
  }

  async abort(
    actor: string,
    remote: RemoteName,
    req: ToggleRequest,
    opts: ChangeOptions = {},
  ): Promise<RevisionEntry> {
    return this.change(
      actor,
      req.base_revision,
      req.reason,
      async (m) => {
        const existing = m.remotes[remote];
        if (!existing?.canary) throw noCanary(remote);
        const { canary, ...rest } = existing;
        return {
          action: `abort ${remote} canary ${canary.version}`,
          remotes: { ...m.remotes, [remote]: rest },
        };
      },
      opts,
    );
  }

  async rollback(actor: string, req: RollbackRequest): Promise<RevisionEntry> {
    return this.change(actor, req.base_revision, req.reason, async (m) => {
      const target = await findRevision(this.ctx.database.db, req.revision);
      if (!target) throw refuse('NOT_FOUND', `There is no revision ${req.revision}`);
      if (req.revision === m.revision) throw noChange(`Revision ${req.revision} is the current one`);
      const old = JSON.parse(target.manifest) as ReleaseManifest;
      return { action: `roll back to revision ${req.revision}`, remotes: old.remotes };
    });
  }

  /** One remote back to its state at an earlier revision; the other remotes stay as they are. */
  async rollbackRemote(actor: string, remote: RemoteName, req: RollbackRequest): Promise<RevisionEntry> {
    return this.change(actor, req.base_revision, req.reason, async (m) => {
      const target = await findRevision(this.ctx.database.db, req.revision);
      if (!target) throw refuse('NOT_FOUND', `There is no revision ${req.revision}`);
      const old = (JSON.parse(target.manifest) as ReleaseManifest).remotes[remote];
      if (!old) throw refuse('NOT_AT_REVISION', `${remote} had no version at revision ${req.revision}`);
      if (JSON.stringify(old) === JSON.stringify(m.remotes[remote]))
        throw noChange(`${remote} is already as it was at revision ${req.revision}`);
      return {
        action: `roll back ${remote} to revision ${req.revision} (${old.version})`,
        remotes: { ...m.remotes, [remote]: old },
      };
    });
  }

  /**
   * Applies one change: `mutate` computes the next remotes from the current manifest; versions
   * it puts live pass the compatibility check, and none it names is retired; the revision is
   * written only if the manifest is still at `base` (compare-and-swap, checked again inside the
   * write transaction, with the named versions' rows locked while they are not retired). A running
   * guard plan of a remote the change concerns ends with it, but for the guard's own.
   */
  async change(
    actor: string,
    base: number,
    reason: string,
    mutate: (current: ReleaseManifest) => Promise<Change>,
    opts: ChangeOptions = {},
  ): Promise<RevisionEntry> {
    const current = await this.current();
    if (current.revision !== base) throw stale(base, current.revision);
    const change = await mutate(current);
    await this.checkLive(current.remotes, change.remotes);
    return writeRevision(this.ctx, { actor, reason, current, change }, opts);
  }

  /** Every (remote, version) the change newly puts in front of players passes the check (live-check.ts). */
  checkLive(before: Remotes, after: Remotes): Promise<void> {
    return checkLive(this.ctx, this.config, this.versions, before, after);
  }

  /** A published version may be put in front of players: it passes the compatibility check, or 422. */
  checkVersion(remote: RemoteName, version: string): Promise<void> {
    return checkVersion(this.ctx, this.config, this.versions, remote, version);
  }
}

const noChange = (message: string) => refuse('NO_CHANGE', message);
const noCanary = (remote: string) => refuse('NO_CANARY', `${remote} has no canary`);
