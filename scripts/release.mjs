#!/usr/bin/env node
// `node scripts/release.mjs <command>`: release control for release managers.
// Talks to the API over HTTP; the API enforces the release_manager role. See README
// "For release managers".
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';

const REMOTES = ['lobby', 'auth', 'wallet', 'profile'];
const HELP = `Usage: node scripts/release.mjs <command> [options]

Commands:
  login [--phone +2547…] [--password …]    sign in (release_manager role needed for changes)
  logout                                    forget the stored tokens
  list                                      remotes: active version, enabled, canary, versions
  history [--limit 20]                      manifest revisions: who, when, what, why
  publish <remote> [--folder <version>]     build ONE remote and publish its immutable version
  activate <remote> <version>               make a published version the active one
  disable <remote> | enable <remote>        switch a remote off (Unavailable page) or on
  canary <remote> <version> <percent>       send 1–99 % of players to another version
  promote <remote> | abort <remote>         make the canary the active version, or drop it
  rollback <revision>                       restore an earlier revision (as a new revision)
  override <remote> <version> [--minutes 60]
                                            a signed, expiring link for testers: opens the site
                                            with that version of one remote (and a banner)

Options:
  --reason "<why>"   required for every change (kept in the history)
  --base <revision>  the revision your change is based on (default: the current one);
                     the API refuses the change with 409 if the manifest has moved on
  --api <url>        the API (default $MCHEZO_API or http://127.0.0.1:8080)
  --folder <version> publish an already built folder of build/cdn/remotes/<remote>/ (no build)
  --cdn <dir>        the CDN folder holding remotes/ (default build/cdn; the API's SITE_DIR)

Tokens are stored in $DATA_DIR/release-cli.json, or ~/.mchezo/release-cli.json (mode 0600).
`;

class CliError extends Error {}

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    api: { type: 'string' },
    reason: { type: 'string' },
    base: { type: 'string' },
    phone: { type: 'string' },
    password: { type: 'string' },
    folder: { type: 'string' },
    cdn: { type: 'string' },
    limit: { type: 'string' },
    minutes: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const [command, ...args] = positionals;
const API = (opts.api ?? process.env.MCHEZO_API ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');

// ---- credentials -------------------------------------------------------------------------

const CREDENTIALS = process.env.DATA_DIR
  ? join(process.env.DATA_DIR, 'release-cli.json')
  : join(homedir(), '.mchezo', 'release-cli.json');

function readCredentials() {
  if (!existsSync(CREDENTIALS)) return {};
  try {
    return JSON.parse(readFileSync(CREDENTIALS, 'utf8'));
  } catch {
    return {};
  }
}

function saveCredentials(all) {
  mkdirSync(dirname(CREDENTIALS), { recursive: true, mode: 0o700 });
  writeFileSync(CREDENTIALS, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
  chmodSync(CREDENTIALS, 0o600);
}

/** Tokens are kept per API, so one file serves staging and production. */
function session() {
  const s = readCredentials()[API];
  if (!s?.refresh_token)
    throw new CliError(`Not signed in to ${API}: run \`node scripts/release.mjs login\``);
  return s;
}

function storeSession(s) {
  const all = readCredentials();
  if (s) all[API] = s;
  else delete all[API];
  saveCredentials(all);
}

// ---- HTTP --------------------------------------------------------------------------------

async function http(method, path, body, token) {
  let res;
  try {
    res = await fetch(`${API}/api/v1${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new CliError(
      `Cannot reach the API at ${API} (${err.cause?.code ?? err.message}); is it running? (--api)`,
    );
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { error: text.slice(0, 200) };
  }
  return { status: res.status, data };
}

function fail({ status, data }) {
  const issues = data?.issues ?? [];
  const error = data?.error ?? 'request failed';
  // With issues, the message's head and one line per issue (the message repeats them).
  const head = issues.length > 1 && error.includes(': ') ? `${error.split(': ')[0]}:` : error;
  const lines = [`${status}: ${head}${data?.code ? ` (${data.code})` : ''}`];
  if (head !== error) for (const issue of issues) lines.push(`  - ${issue.path}: ${issue.message}`);
  if (status === 401) lines.push('Sign in again: node scripts/release.mjs login');
  if (status === 403) lines.push('Your account lacks the release_manager role (see RELEASE_MANAGER_PHONES).');
  throw new CliError(lines.join('\n'));
}

/** An authenticated call; an expired access token is refreshed once (and stored). */
async function call(method, path, body) {
  let s = session();
  let res = await http(method, path, body, s.access_token);
  if (res.status === 401) {
    const refreshed = await http('POST', '/auth/refresh', { refresh_token: s.refresh_token });
    if (refreshed.status !== 200) {
      storeSession(null);
      fail(refreshed);
    }
    s = { ...s, access_token: refreshed.data.access_token, refresh_token: refreshed.data.refresh_token };
    storeSession(s);
    res = await http(method, path, body, s.access_token);
  }
  if (res.status >= 400) fail(res);
  return res.data;
}

// ---- helpers -----------------------------------------------------------------------------

function remoteArg(value) {
  if (!REMOTES.includes(value)) throw new CliError(`Name a remote: ${REMOTES.join(', ')}`);
  return value;
}

function need(value, what) {
  if (value === undefined || value === '') throw new CliError(`Missing ${what}.\n\n${HELP}`);
  return value;
}

function reason() {
  const r = opts.reason?.trim();
  if (!r) throw new CliError('Say why with --reason "<why>": it is kept in the history.');
  return r;
}

async function baseRevision() {
  if (opts.base !== undefined) {
    const n = Number(opts.base);
    if (!Number.isInteger(n) || n < 0) throw new CliError('--base takes a revision number');
    return n;
  }
  const res = await http('GET', '/releases/manifest');
  if (res.status !== 200) fail(res);
  return res.data.revision;
}

function printRevision(r) {
  console.log(`✓ revision ${r.revision}: ${r.action} (by ${r.author}: ${r.reason})`);
  for (const [name, remote] of Object.entries(r.manifest.remotes)) console.log(`  ${describe(name, remote)}`);
}

function describe(name, r) {
  const state = r.enabled ? 'enabled' : 'DISABLED';
  const canary = r.canary ? `, canary ${r.canary.version} at ${r.canary.percent}%` : '';
  return `${name.padEnd(8)} ${r.version} (${state}${canary})`;
}

async function change(path, body) {
  const r = await call('POST', `/releases${path}`, {
    ...body,
    base_revision: await baseRevision(),
    reason: reason(),
  });
  printRevision(r);
}

/** `file → sha384-<base64>` for every file of a version folder (the API checks them all). */
function integrityOf(dir) {
  const out = {};
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else
        out[relative(dir, p).split(sep).join('/')] =
          `sha384-${createHash('sha384').update(readFileSync(p)).digest('base64')}`;
    }
  };
  walk(dir);
  return out;
}

async function prompt(question, { secret = false } = {}) {
  if (!process.stdin.isTTY)
    throw new CliError(`${question.replace(/: $/, '')} is required (pass it as an option)`);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (secret) {
    // Hide what is typed.
    rl._writeToOutput = (s) => {
      if (s.startsWith(question)) rl.output.write(question);
    };
  }
  const answer = await rl.question(question);
  rl.close();
  if (secret) process.stdout.write('\n');
  return answer.trim();
}

// ---- commands ----------------------------------------------------------------------------

const commands = {
  async login() {
    const phone = opts.phone ?? process.env.MCHEZO_PHONE ?? (await prompt('Phone (+2547…): '));
    const password =
      opts.password ?? process.env.MCHEZO_PASSWORD ?? (await prompt('Password: ', { secret: true }));
    const res = await http('POST', '/auth/login', { phone, password });
    if (res.status !== 200) fail(res);
    if (res.data.needs_verification)
      throw new CliError('This account is not verified yet: verify the phone first.');
    const roles = res.data.user.roles ?? [];
    storeSession({
      phone: res.data.user.phone,
      access_token: res.data.access_token,
      refresh_token: res.data.refresh_token,
    });
    console.log(`✓ signed in to ${API} as ${res.data.user.phone}; tokens stored in ${CREDENTIALS}`);
    if (!roles.includes('release_manager'))
      console.log('! this account has no release_manager role: the API will refuse changes (403)');
  },

  async logout() {
    const s = readCredentials()[API];
    if (s?.access_token) await http('POST', '/auth/logout', {}, s.access_token).catch(() => {});
    storeSession(null);
    console.log(`✓ signed out of ${API}`);
  },

  async list() {
    const data = await call('GET', '/releases/remotes');
    console.log(`Release manifest at revision ${data.revision}\n`);
    for (const r of data.remotes) {
      const state = r.active ? (r.enabled ? 'enabled' : 'DISABLED') : 'not released';
      const canary = r.canary ? `  canary ${r.canary.version} at ${r.canary.percent}%` : '';
      console.log(`${r.name.padEnd(8)} ${(r.active ?? '-').padEnd(20)} ${state}${canary}`);
      for (const v of r.versions.slice(0, 5)) {
        const mark = v.version === r.active ? '*' : v.version === r.canary?.version ? 'c' : ' ';
        console.log(
          `   ${mark} ${v.version.padEnd(20)} ${v.published_at}  ${v.published_by}  ${v.files} files`,
        );
      }
      if (r.versions.length > 5) console.log(`     … ${r.versions.length - 5} older`);
    }
  },

  async history() {
    const limit = Number(opts.limit ?? 20);
    const { revisions } = await call('GET', `/releases/history?limit=${limit}`);
    if (!revisions.length) return console.log('No revisions yet.');
    for (const r of revisions) {
      console.log(
        `#${String(r.revision).padEnd(4)} ${r.created_at}  ${r.author}\n      ${r.action}: ${r.reason}`,
      );
    }
  },

  async publish() {
    const remote = remoteArg(args[0]);
    session(); // fail before a long build when not signed in
    let version = opts.folder;
    if (!version) {
      const { buildRemote, ensureDependencies } = await import('./lib.mjs');
      if (!existsSync(join(import.meta.dirname, '..', 'node_modules'))) ensureDependencies();
      // The folder name is the content hash: an unchanged remote gives its existing folder.
      version = buildRemote(remote) ?? buildRemote(remote, { force: true });
    }
    const cdn = opts.cdn ?? (await import('./lib.mjs')).CDN_DIR;
    const dir = join(cdn, 'remotes', remote, version);
    if (!existsSync(join(dir, 'mf-manifest.json'))) throw new CliError(`${dir} has no mf-manifest.json`);
    const { remotes } = await call('GET', '/releases/remotes');
    if (remotes.find((r) => r.name === remote)?.versions.some((v) => v.version === version))
      throw new CliError(
        `${remote} ${version} is already published (same content as before): nothing to publish.`,
      );
    const integrity = integrityOf(dir);
    const body = { version, integrity, ...(opts.reason ? { reason: opts.reason } : {}) };
    const v = await call('POST', `/releases/remotes/${remote}/versions`, body);
    console.log(`✓ published ${v.remote} ${v.version} (${v.files} files, sha384 recorded)`);
    console.log(`  next: node scripts/release.mjs activate ${remote} ${v.version} --reason "…"`);
    console.log(`    or: node scripts/release.mjs canary ${remote} ${v.version} 10 --reason "…"`);
  },

  async activate() {
    const remote = remoteArg(args[0]);
    await change(`/remotes/${remote}/activate`, { version: need(args[1], 'the version') });
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
    await change(`/remotes/${remote}/canary`, { version, percent });
  },
  async promote() {
    await change(`/remotes/${remoteArg(args[0])}/canary/promote`, {});
  },
  async abort() {
    await change(`/remotes/${remoteArg(args[0])}/canary/abort`, {});
  },
  async override() {
    const remote = remoteArg(args[0]);
    const version = need(args[1], 'the published version to test');
    const minutes = Number(opts.minutes ?? 60);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 480)
      throw new CliError('--minutes is a whole number from 1 to 480.');
    const { token, expires_at } = await call('POST', '/releases/overrides', { remote, version, minutes });
    console.log(`Testers open (until ${expires_at}):`);
    console.log(`  ${API}/?release-override=${encodeURIComponent(token)}`);
  },
  async rollback() {
    const revision = Number(need(args[0], 'the revision to restore'));
    if (!Number.isInteger(revision) || revision < 1)
      throw new CliError('rollback takes a revision number (see history)');
    await change('/rollback', { revision });
  },
};

if (opts.help || !command || command === 'help') {
  console.log(HELP);
} else if (!Object.hasOwn(commands, command)) {
  console.error(`Unknown command ${command}.\n\n${HELP}`);
  process.exitCode = 2;
} else {
  try {
    await commands[command]();
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    console.error(`✗ ${err.message}`);
    process.exitCode = 1;
  }
}
