/**
 * The release CLI for release managers and a team's CI: `mchezo-release <command>` where
 * @mchezo/release-cli is installed (bin/mchezo-release.mjs, compiled at pack time by build.mjs),
 * `node scripts/release.mjs <command>` in the repository, which passes the repository's builder
 * so that `publish <remote>` can build (decision 050). It talks to the API over HTTP through the
 * shared core (@mchezo/api-client/cli-kit); the API enforces the release_manager role. A team's
 * CI publishes and starts guarded canaries of its remote with a deploy key in MCHEZO_DEPLOY_KEY
 * instead of a login (docs/decisions/046-deploy-keys.md).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { CliError, type Commands, staffCli } from '@mchezo/api-client/cli-kit';
import type { ReleaseHealthResponse, VitalSummary } from '@mchezo/contracts/release-health';
import type {
  CanaryPlan,
  CanaryPlanRequest,
  CreateDeployKeyRequest,
  CreatedDeployKey,
  DeployKey,
  DeployKeysResponse,
  HistoryResponse,
  OverrideResponse,
  PublishVersionResponse,
  ReleaseIntegrity,
  ReleaseManifest,
  RemoteRelease,
  RemotesResponse,
  RevisionEntry,
} from '@mchezo/contracts/releases';
import { REMOTE_NAMES, VERSION_PATTERN } from '@mchezo/contracts/releases-constants';

/** The repository's builder (scripts/lib.mjs): what `publish <remote>` without --dir builds with. */
export interface RepositoryBuilder {
  ROOT: string;
  CDN_DIR: string;
  /** Builds one remote; the folder name (its version), or nothing when it was up to date. */
  buildRemote(name: string, opts?: { force?: boolean }): string | null | undefined;
  ensureDependencies(): void;
}

export interface ReleaseDeps {
  /** The repository's builder; outside the repository there is none, and publish takes --dir. */
  build?: () => Promise<RepositoryBuilder>;
}

const REMOTES: readonly string[] = REMOTE_NAMES;

const HELP = `Usage: mchezo-release <command> [options]   (in the repository: node scripts/release.mjs)

Commands:
  login [--phone +2547…] [--password …] [--code 123456]
                                            sign in to staff with the password and the code from
                                            your authenticator app (asked when not given;
                                            $MCHEZO_TOTP_CODE for scripts; or --recovery-code);
                                            release_manager role needed for changes
  logout                                    end the staff session, forget the token
  list                                      remotes: active version, enabled, canary, versions
  history [--limit 20]                      manifest revisions and overrides: who, when, what, why
  integrity [--check]                       the live versions' files against their recorded
                                            hashes (--check: check now); exit code 2 if failing
  publish <remote> [--folder <version> | --dir <path>]
                                            build ONE remote and upload its immutable version
                                            (its files and their sha384) to the platform
  activate <remote> <version>               make a published version the active one
  disable <remote> | enable <remote>        switch a remote off (Unavailable page) or on
  canary <remote> <version> <percent>       send 1–99 % of players to another version
      [--step-minutes 10 --ramp 25,50 --max-error-rate-increase 0.05 --min-loads 20]
      [--max-lcp-increase-ms 500 --max-inp-increase-ms 100 --min-vitals-samples 20]
                                            …and let the canary guard it: after each step
                                            (with enough canary loads, and an error rate no
                                            more than the increase above the active's) the
                                            next percentage, then promote; worse: abort;
                                            with a speed limit, also abort when its p75 LCP
                                            or INP is that much slower than the active's
  health [remote] [--minutes 60]            each remote's active and canary: loads, failed
                                            loads, render errors, error rate, p75 LCP, INP
                                            and CLS (page views); the guard's plan
  promote <remote> | abort <remote>         make the canary the active version, or drop it
  rollback <revision>                       restore an earlier revision (as a new revision)
  rollback <remote> <revision>              put one remote back as it was at that revision
                                            (the other remotes stay as they are)
  deploy-key create <remote> --name <name> [--actions publish,canary]
      [--max-percent 25] [--days 90 | --expires <ISO date>]
                                            a key for a team's CI: publish and/or guarded
                                            canaries of ONE remote (up to --max-percent), until
                                            it expires (at most a year); its token is shown ONCE
  deploy-key list                           every key: remote, actions, state, last uses
  deploy-key revoke <name|id>               the key stops working at once (--reason)
  retire <remote> <version>                 remove an old version's files for good (--reason):
                                            not the active version, the canary, nor one a
                                            tester's override still points to; it stays listed
                                            as retired, never goes live again, and its name is
                                            never published again (a release manager's login;
                                            a deploy key is refused)
  override <remote> <version> [--minutes 60]
                                            a signed, expiring link for testers: opens the site
                                            with that version of one remote (and a banner); the
                                            version passes the compatibility check, and the
                                            override is kept in the history

Options:
  --reason "<why>"   required for every change and override (kept in the history)
  --override-budget "<why>"
                     activate / canary: let a version over its remote's byte budget go live
                     (release managers only; the history keeps who and why)
  --base <revision>  the revision your change is based on (default: the current one);
                     the API refuses the change with 409 if the manifest has moved on
  --api <url>        the API (default $MCHEZO_API or http://127.0.0.1:8080)
  --folder <version> publish an already built folder of build/cdn/remotes/<remote>/ (no build)
  --dir <path>       publish the built version folder at <path>, anywhere (no build): its name is
                     the version when it looks like one (1.0.0-3f9c2a1b), else --version, else
                     <buildVersion of its mf-manifest.json>-<hash of its files>, as the build names them
  --version <v>      the version to publish a --dir as
  --cdn <dir>        the CDN folder holding remotes/ (default build/cdn; the API's SITE_DIR)

The staff token is stored in $DATA_DIR/release-cli.json, or ~/.mchezo/release-cli.json
(mode 0600); when the staff session ends (idle, expired) the tool says so: log in again.

A team's CI: with MCHEZO_DEPLOY_KEY=mdk_… set, publish and canary use that deploy key instead
of a login (publish <remote> --dir <path>; canary … with --step-minutes: a key's canary is
always guarded). Every other command needs a release manager's login.
`;

/** A version name as a built folder carries it (`1.0.0-3f9c2a1b`). */
const BUILT_VERSION = /^\d+\.\d+\.\d+[A-Za-z0-9.+]*-[0-9a-f]{6,}$/;

const sha384 = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/**
 * `[path, bytes]` of every file of a version folder, paths `/`-separated, sorted; the API folder
 * store's upload mark (`.upload.json` at the top, api/src/modules/releases/version-store.ts) is
 * not a file of the version.
 */
function filesOf(dir: string): [string, Buffer][] {
  const out: [string, Buffer][] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      if (d === dir && name === '.upload.json') continue;
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push([relative(dir, p).split(sep).join('/'), readFileSync(p)]);
    }
  };
  walk(dir);
  return out;
}

/**
 * A built folder's version: its name when it is one (`1.0.0-3f9c2a1b`), else the build's own
 * naming (scripts/lib.mjs buildRemote): `<buildVersion>-<first 10 hex of the files' sha256>`,
 * the precompressed copies and mf-stats.json left out.
 */
function versionOfFolder(dir: string): string {
  const name = basename(dir);
  if (BUILT_VERSION.test(name)) return name;
  const manifest = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8')) as {
    metaData?: { buildInfo?: { buildVersion?: string } };
  };
  const h = createHash('sha256');
  for (const [path, bytes] of filesOf(dir).filter(([p]) => !/(mf-stats\.json|\.gz|\.br)$/.test(p)))
    h.update(path).update('\0').update(bytes).update('\0');
  return `${manifest.metaData?.buildInfo?.buildVersion ?? '0.0.0'}-${h.digest('hex').slice(0, 10)}`;
}

const rate = (r: number | null) => (r === null ? '-' : `${Number((r * 100).toFixed(1))}%`);

/** The plan's speed limit, one line, or none. */
function speedLimit(p: CanaryPlan): string[] {
  const limits = [
    p.max_lcp_p75_increase_ms == null ? null : `p75 LCP at most +${p.max_lcp_p75_increase_ms} ms`,
    p.max_inp_p75_increase_ms == null ? null : `p75 INP at most +${p.max_inp_p75_increase_ms} ms`,
  ].filter(Boolean);
  return limits.length
    ? [`  speed limit: ${limits.join(', ')} over the active (${p.min_vitals_samples} page views each side)`]
    : [];
}

/** "1250ms/34": a p75 and its page views, or a dash. */
const vital = (s: VitalSummary | undefined, scale = 1) =>
  !s || s.p75 === null ? '-' : `${s.p75 / scale}${scale === 1 ? 'ms' : ''}/${s.samples}`;

function planLine(p: CanaryPlan): string {
  if (p.status !== 'running')
    return `${p.remote} guard of ${p.version}: ${p.status} ${p.ended_at}\n  ${p.end_reason}`;
  const next = [...p.steps.slice(p.step + 1).map((s) => `${s}%`), 'promote'].join(' -> ');
  return [
    `${p.remote} guard of ${p.version}: running at ${p.steps[p.step]}% (step ${p.step + 1} of ${p.steps.length}), then ${next}`,
    `  ${p.step_minutes} min a step (due ${p.step_due_at}), at least ${p.min_loads} canary loads, at most ${rate(p.max_error_rate_increase)} above the active`,
    ...speedLimit(p),
    `  last check ${p.last_check_at ?? 'not yet'}${p.last_check ? `: ${p.last_check}` : ''}`,
  ].join('\n');
}

function keyLine(k: DeployKey): string {
  const max = k.max_canary_percent === null ? '' : ` up to ${k.max_canary_percent}%`;
  const state =
    k.status === 'revoked'
      ? `REVOKED ${k.revoked_at} by ${k.revoked_by}: ${k.revoke_reason}`
      : k.status.toUpperCase();
  return [
    `${k.name.padEnd(20)} ${k.remote.padEnd(8)} ${k.actions.join(',')}${max}  ${state}`,
    `   id ${k.id}; by ${k.created_by} ${k.created_at}; expires ${k.expires_at}; history shows ${k.actor}`,
    ...k.uses.slice(0, 5).map((u) => `   ${u.at}  ${u.action} ${u.version}`),
  ].join('\n');
}

function describe(name: string, r: RemoteRelease): string {
  const state = r.enabled ? 'enabled' : 'DISABLED';
  const canary = r.canary ? `, canary ${r.canary.version} at ${r.canary.percent}%` : '';
  return `${name.padEnd(8)} ${r.version} (${state}${canary})`;
}

function printRevision(r: RevisionEntry): void {
  console.log(`✓ revision ${r.revision}: ${r.action} (by ${r.author}: ${r.reason})`);
  for (const [name, remote] of Object.entries(r.manifest.remotes))
    if (remote) console.log(`  ${describe(name, remote)}`);
}

/** Runs one command line (`argv` without node and the script): what the bin and scripts/release.mjs call. */
export async function runRelease(argv: string[], deps: ReleaseDeps = {}): Promise<void> {
  const { values: opts, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      api: { type: 'string' },
      reason: { type: 'string' },
      'override-budget': { type: 'string' },
      base: { type: 'string' },
      phone: { type: 'string' },
      password: { type: 'string' },
      code: { type: 'string' },
      'recovery-code': { type: 'string' },
      folder: { type: 'string' },
      dir: { type: 'string' },
      version: { type: 'string' },
      cdn: { type: 'string' },
      limit: { type: 'string' },
      minutes: { type: 'string' },
      check: { type: 'boolean' },
      ramp: { type: 'string' },
      'step-minutes': { type: 'string' },
      'max-error-rate-increase': { type: 'string' },
      'min-loads': { type: 'string' },
      'max-lcp-increase-ms': { type: 'string' },
      'max-inp-increase-ms': { type: 'string' },
      'min-vitals-samples': { type: 'string' },
      name: { type: 'string' },
      actions: { type: 'string' },
      'max-percent': { type: 'string' },
      days: { type: 'string' },
      expires: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...args] = positionals;
  const { API, session, http, fail, call, callWithStatus, need, sessionCommands, run } = staffCli({
    name: 'release',
    role: 'release_manager',
    roleSource: 'RELEASE_MANAGER_PHONES',
    help: HELP,
    api: opts.api,
  });

  /** The repository's builder, or why publish cannot build here (decision 050). */
  async function repositoryBuilder(): Promise<RepositoryBuilder> {
    if (!deps.build)
      throw new CliError(
        'publish builds a remote only inside the Mchezo repository: build yours first and pass its folder with --dir <path>.',
      );
    return deps.build();
  }

  /** A team's deploy key (never printed): publish and canary use it instead of the stored login. */
  const DEPLOY_KEY = process.env.MCHEZO_DEPLOY_KEY?.trim() || null;

  /** A publish or canary call: with the deploy key when one is set, else as the signed-in manager. */
  async function callAs<T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; data: T }> {
    if (!DEPLOY_KEY) return callWithStatus<T>(method, path, body);
    const res = await http<T>(method, path, body, DEPLOY_KEY);
    if (res.status < 400) return res;
    const refusal = (res.data ?? {}) as {
      error?: string;
      code?: string;
      issues?: { path: string; message: string }[];
    };
    const { error = 'request failed', code } = refusal;
    const issues = (refusal.issues ?? []).map((i) => `\n  - ${i.path}: ${i.message}`).join('');
    throw new CliError(
      `${res.status}: ${error}${code ? ` (${code})` : ''}${issues}\n(with the deploy key in MCHEZO_DEPLOY_KEY)`,
    );
  }

  /** `--override-budget "<why>"`: a release manager lets a version over its byte budget go live (decision 048). */
  function overrideBudget() {
    const why = opts['override-budget']?.trim();
    return why ? { override_budget: { reason: why } } : {};
  }

  function remoteArg(value: string | undefined): string {
    if (value === undefined || !REMOTES.includes(value))
      throw new CliError(`Name a remote: ${REMOTES.join(', ')}`);
    return value;
  }

  function reason(): string {
    const r = opts.reason?.trim();
    if (!r) throw new CliError('Say why with --reason "<why>": it is kept in the history.');
    return r;
  }

  async function baseRevision(): Promise<number> {
    if (opts.base !== undefined) {
      const n = Number(opts.base);
      if (!Number.isInteger(n) || n < 0) throw new CliError('--base takes a revision number');
      return n;
    }
    const res = await http<ReleaseManifest>('GET', '/releases/manifest');
    if (res.status !== 200) fail(res);
    return res.data.revision;
  }

  /** A manifest change: based on a revision, with a reason; prints the new revision. */
  async function change(path: string, body: object, asKey = false): Promise<void> {
    const full = { ...body, base_revision: await baseRevision(), reason: reason() };
    const r = asKey
      ? (await callAs<RevisionEntry>('POST', `/releases${path}`, full)).data
      : await call<RevisionEntry>('POST', `/releases${path}`, full);
    printRevision(r);
  }

  /** The canary guard's plan from the flags, or nothing when none is given. */
  function guardPlan(): { plan?: Partial<CanaryPlanRequest> } {
    const flags = [
      'ramp',
      'step-minutes',
      'max-error-rate-increase',
      'min-loads',
      'max-lcp-increase-ms',
      'max-inp-increase-ms',
      'min-vitals-samples',
    ] as const;
    if (!flags.some((f) => opts[f] !== undefined)) return {};
    if (opts['step-minutes'] === undefined)
      throw new CliError('A guarded canary needs --step-minutes (how long each step lasts; 0.5 is 30 s).');
    const number = (flag: (typeof flags)[number]) => {
      const value = opts[flag] ?? '';
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n)) throw new CliError(`--${flag} takes a number`);
      return n;
    };
    const plan: Partial<CanaryPlanRequest> = { step_minutes: number('step-minutes') };
    if (opts.ramp !== undefined)
      plan.ramp = opts.ramp.split(',').map((p) => {
        const n = Number(p.trim());
        if (!Number.isInteger(n)) throw new CliError('--ramp takes whole percentages, e.g. 25,50');
        return n;
      });
    if (opts['max-error-rate-increase'] !== undefined)
      plan.max_error_rate_increase = number('max-error-rate-increase');
    if (opts['min-loads'] !== undefined) plan.min_loads = number('min-loads');
    // The speed limit (docs/decisions/051-web-vitals-per-version.md).
    if (opts['max-lcp-increase-ms'] !== undefined)
      plan.max_lcp_p75_increase_ms = number('max-lcp-increase-ms');
    if (opts['max-inp-increase-ms'] !== undefined)
      plan.max_inp_p75_increase_ms = number('max-inp-increase-ms');
    if (opts['min-vitals-samples'] !== undefined) plan.min_vitals_samples = number('min-vitals-samples');
    return { plan };
  }

  async function createDeployKey(): Promise<void> {
    const remote = remoteArg(args[1]);
    const name = need(opts.name, "the key's name (--name, e.g. wallet-ci)");
    const actions = (opts.actions ?? 'publish,canary')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    let expires = opts.expires;
    if (!expires) {
      const days = Number(opts.days ?? 90);
      if (!Number.isInteger(days) || days < 1 || days > 365)
        throw new CliError('--days is a whole number from 1 to 365.');
      expires = new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();
    }
    const body = { name, remote, actions, expires_at: expires } as CreateDeployKeyRequest;
    if (opts['max-percent'] !== undefined) body.max_canary_percent = Number(opts['max-percent']);
    else if (actions.includes('canary')) body.max_canary_percent = 25;
    const k = await call<CreatedDeployKey>('POST', '/releases/deploy-keys', body);
    console.log(`✓ deploy key ${k.name} for ${k.remote}: ${k.actions.join(', ')}, until ${k.expires_at}`);
    console.log("  Its token, shown this once (keep it in your CI's secrets as MCHEZO_DEPLOY_KEY):");
    console.log(`  ${k.token}`);
  }

  async function listDeployKeys(): Promise<void> {
    const { keys } = await call<DeployKeysResponse>('GET', '/releases/deploy-keys');
    if (!keys.length) return console.log('No deploy keys.');
    for (const k of keys) console.log(keyLine(k));
  }

  async function revokeDeployKey(): Promise<void> {
    const which = need(args[1], "the key's name or id");
    const why = reason();
    const { keys } = await call<DeployKeysResponse>('GET', '/releases/deploy-keys');
    const key = keys.find((k) => k.name === which || k.id === which);
    if (!key) throw new CliError(`No deploy key named ${which}.`);
    const k = await call<DeployKey>('POST', `/releases/deploy-keys/${encodeURIComponent(key.id)}/revoke`, {
      reason: why,
    });
    console.log(`✓ revoked ${k.name}: ${k.revoke_reason}`);
  }

  const commands: Commands = {
    ...sessionCommands(opts),

    async list() {
      const data = await call<RemotesResponse>('GET', '/releases/remotes');
      console.log(`Release manifest at revision ${data.revision}\n`);
      for (const r of data.remotes) {
        const state = r.active ? (r.enabled ? 'enabled' : 'DISABLED') : 'not released';
        const canary = r.canary ? `  canary ${r.canary.version} at ${r.canary.percent}%` : '';
        const guarded = r.plan?.status === 'running' ? ' (guarded)' : '';
        console.log(`${r.name.padEnd(8)} ${(r.active ?? '-').padEnd(20)} ${state}${canary}${guarded}`);
        for (const v of r.versions.slice(0, 5)) {
          const mark = v.version === r.active ? '*' : v.version === r.canary?.version ? 'c' : ' ';
          console.log(
            `   ${mark} ${v.version.padEnd(20)} ${v.published_at}  ${v.published_by}  ${v.files} files`,
          );
          if (v.retired_at)
            console.log(`     RETIRED ${v.retired_at} by ${v.retired_by}: ${v.retire_reason}`);
          if (v.integrity_failure)
            console.log(
              `     ! FAILING INTEGRITY since ${v.integrity_failure.since}: ${v.integrity_failure.problem}`,
            );
        }
        if (r.versions.length > 5) console.log(`     … ${r.versions.length - 5} older`);
      }
    },

    async integrity() {
      const status = await call<ReleaseIntegrity>(
        opts.check ? 'POST' : 'GET',
        opts.check ? '/releases/integrity/check' : '/releases/integrity',
      );
      const every = status.interval_seconds
        ? `every ${status.interval_seconds} s`
        : 'at start and on request';
      console.log(`Live files checked ${every}; last check: ${status.checked_at ?? 'not yet'}`);
      if (status.ok) return console.log('✓ every live version matches its recorded hashes');
      for (const f of status.failing)
        console.log(`✗ ${f.remote} ${f.version} (since ${f.since}): ${f.problem}`);
      console.log('  Browsers do not get these versions until their files match again (or roll back).');
      process.exitCode = 2;
    },

    async history() {
      const limit = Number(opts.limit ?? 20);
      const { revisions, overrides } = await call<HistoryResponse>('GET', `/releases/history?limit=${limit}`);
      if (!revisions.length) console.log('No revisions yet.');
      for (const r of revisions)
        console.log(
          `#${String(r.revision).padEnd(4)} ${r.created_at}  ${r.author}\n      ${r.action}: ${r.reason}`,
        );
      if (!overrides.length) return;
      console.log('\nOverrides issued to testers:');
      for (const o of overrides)
        console.log(
          `  ${o.issued_at}  ${o.issued_by}\n      override ${o.remote} ${o.version} until ${o.expires_at}: ${o.reason}`,
        );
    },

    async publish() {
      const remote = remoteArg(args[0]);
      if (!DEPLOY_KEY) session(); // fail before a long build when not signed in
      let version = opts.folder;
      let dir: string;
      if (opts.dir) {
        dir = resolve(opts.dir);
        if (!existsSync(join(dir, 'mf-manifest.json'))) throw new CliError(`${dir} has no mf-manifest.json`);
        version = opts.version ?? versionOfFolder(dir);
      } else {
        // Building (and the default CDN folder) needs the repository: scripts/release.mjs passes
        // its builder; the installed package has none (decision 050).
        const repository = !version || !opts.cdn ? await repositoryBuilder() : null;
        if (!version && repository) {
          const { buildRemote, ensureDependencies, ROOT } = repository;
          if (!existsSync(join(ROOT, 'node_modules'))) ensureDependencies();
          // The folder name is the content hash: an unchanged remote gives its existing folder.
          version = buildRemote(remote) ?? buildRemote(remote, { force: true }) ?? undefined;
        }
        const cdn = opts.cdn ?? repository?.CDN_DIR ?? '';
        dir = join(cdn, 'remotes', remote, version ?? '');
      }
      if (!version || !VERSION_PATTERN.test(version))
        throw new CliError(`"${version}" is not a version name (--version)`);
      if (!existsSync(join(dir, 'mf-manifest.json'))) throw new CliError(`${dir} has no mf-manifest.json`);
      // The whole folder in one request (decision 049): every file's bytes and its sha384; the
      // platform checks each, stores them and lists the version. The same files again: 200; other
      // files under a version already published: 409. Never judged by the name alone (--version).
      const files = filesOf(dir);
      const integrity = Object.fromEntries(files.map(([path, bytes]) => [path, sha384(bytes)]));
      const body = {
        integrity,
        files: Object.fromEntries(files.map(([path, bytes]) => [path, bytes.toString('base64')])),
        ...(opts.reason ? { reason: opts.reason } : {}),
      };
      const bytes = files.reduce((n, [, b]) => n + b.length, 0);
      const started = Date.now();
      const { status, data: v } = await callAs<PublishVersionResponse>(
        'PUT',
        `/releases/remotes/${remote}/versions/${encodeURIComponent(version)}`,
        body,
      );
      if (status === 200)
        throw new CliError(
          `${remote} ${version} is already published (same content as before): nothing to publish.`,
        );
      const took = Date.now() - started;
      console.log(`✓ published ${v.remote} ${v.version} (${v.files} files, sha384 recorded)`);
      console.log(
        `  uploaded ${files.length} files, ${bytes} bytes (${JSON.stringify(body).length} sent) in ${took} ms`,
      );
      // Measured by the API from the folder (decision 048): activate and canary refuse it over budget.
      if (v.byte_budget) console.log(`  ${v.byte_budget.summary}`);
      console.log(`  next: node scripts/release.mjs activate ${remote} ${v.version} --reason "…"`);
      console.log(`    or: node scripts/release.mjs canary ${remote} ${v.version} 10 --reason "…"`);
    },

    async activate() {
      const remote = remoteArg(args[0]);
      await change(`/remotes/${remote}/activate`, {
        version: need(args[1], 'the version'),
        ...overrideBudget(),
      });
    },
    async disable() {
      await change(`/remotes/${remoteArg(args[0])}/disable`, {});
    },
    async enable() {
      await change(`/remotes/${remoteArg(args[0])}/enable`, {});
    },
    async canary() {
      const remote = remoteArg(args[0]);
      const version = need(args[1], 'the version');
      const percent = Number(need(args[2], 'the percent (1–99)'));
      if (!Number.isInteger(percent) || percent < 1 || percent > 99)
        throw new CliError(
          'The canary percent is a whole number from 1 to 99 (promote or abort for 100 or 0).',
        );
      const guarded = guardPlan();
      if (DEPLOY_KEY && !guarded.plan)
        throw new CliError(
          'A deploy key starts guarded canaries only: give the guard its plan (--step-minutes, --ramp).',
        );
      await change(`/remotes/${remote}/canary`, { version, percent, ...guarded, ...overrideBudget() }, true);
    },
    async health() {
      const only = args[0] ? remoteArg(args[0]) : null;
      const minutes = Number(opts.minutes ?? 60);
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > 7 * 24 * 60)
        throw new CliError('--minutes is a whole number from 1 to 10080 (a week).');
      const [health, { remotes }] = await Promise.all([
        call<ReleaseHealthResponse>('GET', `/releases/health?minutes=${minutes}`),
        call<RemotesResponse>('GET', '/releases/remotes'),
      ]);
      console.log(`Release health over the last ${health.window_minutes} min\n`);
      const rows: (string | number)[][] = [
        [
          'remote',
          'role',
          'version',
          'loads',
          'failed',
          'render errors',
          'error rate',
          'p75 LCP',
          'p75 INP',
          'p75 CLS',
        ],
      ];
      for (const v of health.versions.filter((v) => !only || v.remote === only))
        rows.push([
          v.remote,
          v.role,
          v.version,
          v.loads,
          v.failures,
          v.render_errors,
          rate(v.error_rate),
          vital(v.vitals?.lcp),
          vital(v.vitals?.inp),
          vital(v.vitals?.cls, 1000),
        ]);
      const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
      for (const r of rows)
        console.log(
          r
            .map((c, i) => (i < 3 ? String(c).padEnd(widths[i] ?? 0) : String(c).padStart(widths[i] ?? 0)))
            .join('  '),
        );
      for (const r of remotes.filter((r) => r.plan && (!only || r.name === only)))
        if (r.plan) console.log(`\n${planLine(r.plan)}`);
    },
    async promote() {
      await change(`/remotes/${remoteArg(args[0])}/canary/promote`, {});
    },
    async abort() {
      await change(`/remotes/${remoteArg(args[0])}/canary/abort`, {});
    },
    async 'deploy-key'() {
      const sub = need(args[0], 'create, list or revoke');
      if (sub === 'create') return createDeployKey();
      if (sub === 'list') return listDeployKeys();
      if (sub === 'revoke') return revokeDeployKey();
      throw new CliError(`deploy-key takes create, list or revoke, not ${sub}`);
    },
    async retire() {
      const remote = remoteArg(args[0]);
      const version = need(args[1], 'the version to retire');
      // Not a manifest change (no base revision). With MCHEZO_DEPLOY_KEY set the key is sent, as for
      // publish and canary, and the API refuses it (403 DEPLOY_KEY_SCOPE): only a release manager retires.
      const path = `/releases/remotes/${remote}/versions/${encodeURIComponent(version)}/retire`;
      const { data: v } = await callAs<PublishVersionResponse>('POST', path, { reason: reason() });
      console.log(`✓ retired ${v.remote} ${v.version}: its files are removed from the version store`);
      console.log(`  by ${v.retired_by} at ${v.retired_at}: ${v.retire_reason}`);
    },
    async override() {
      const remote = remoteArg(args[0]);
      const version = need(args[1], 'the published version to test');
      const minutes = Number(opts.minutes ?? 60);
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > 480)
        throw new CliError('--minutes is a whole number from 1 to 480.');
      const { token, expires_at } = await call<OverrideResponse>('POST', '/releases/overrides', {
        remote,
        version,
        minutes,
        reason: reason(),
      });
      console.log(`Testers open (until ${expires_at}):`);
      console.log(`  ${API}/?release-override=${encodeURIComponent(token)}`);
    },
    async rollback() {
      // `rollback <revision>`: the whole manifest; `rollback <remote> <revision>`: that remote only.
      const remote = args[0] !== undefined && REMOTES.includes(args[0]) ? args[0] : null;
      const revision = Number(need(remote ? args[1] : args[0], 'the revision to restore'));
      if (!Number.isInteger(revision) || revision < 1)
        throw new CliError('rollback takes a revision number (see history)');
      await change(remote ? `/remotes/${remote}/rollback` : '/rollback', { revision });
    },
  };

  await run(commands, command, opts.help);
}
