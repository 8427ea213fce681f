// What the staff command-line tools share (scripts/release.mjs for release managers,
// scripts/payments.mjs for payments operators): signing in, the stored tokens, authenticated
// calls to the API with one refresh, readable errors, and running a command.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline/promises';

/** An expected failure: printed as `✗ message`, exit code 1. */
export class CliError extends Error {}

/**
 * The session's refresh token travels only in this cookie (docs/decisions/034-session-cookies.md):
 * the tools keep it in their token file and send it back themselves. They send no `Origin`, as
 * a client that is not a browser, which the API's refresh accepts.
 */
const REFRESH_COOKIE = 'mchezo_refresh';

/** The refresh token an answer set in its cookie, if any. */
function refreshCookieOf(headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  return cookie?.slice(REFRESH_COOKIE.length + 1).split(';')[0] || undefined;
}

/**
 * The kit for one tool. `name` names its token file (`<name>-cli.json`) and its script
 * (`scripts/<name>.mjs`); `role` is the role the API checks, granted from `roleSource`.
 */
export function staffCli({ name, role, roleSource, help, api }) {
  const API = (api ?? process.env.MCHEZO_API ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const script = `node scripts/${name}.mjs`;
  const CREDENTIALS = process.env.DATA_DIR
    ? join(process.env.DATA_DIR, `${name}-cli.json`)
    : join(homedir(), '.mchezo', `${name}-cli.json`);

  function readCredentials() {
    if (!existsSync(CREDENTIALS)) return {};
    try {
      return JSON.parse(readFileSync(CREDENTIALS, 'utf8'));
    } catch {
      return {};
    }
  }

  /** Tokens are kept per API, so one file serves staging and production. */
  function storeSession(s) {
    const all = readCredentials();
    if (s) all[API] = s;
    else delete all[API];
    mkdirSync(dirname(CREDENTIALS), { recursive: true, mode: 0o700 });
    writeFileSync(CREDENTIALS, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
    chmodSync(CREDENTIALS, 0o600);
  }

  function session() {
    const s = readCredentials()[API];
    if (!s?.refresh_token) throw new CliError(`Not signed in to ${API}: run \`${script} login\``);
    return s;
  }

  async function http(method, path, body, token, headers = {}) {
    let res;
    try {
      res = await fetch(`${API}/api/v1${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
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
    return { status: res.status, data, text, refreshToken: refreshCookieOf(res.headers) };
  }

  function fail({ status, data }) {
    const issues = data?.issues ?? [];
    const error = data?.error ?? 'request failed';
    // With issues, the message's head and one line per issue (the message repeats them).
    const head = issues.length > 1 && error.includes(': ') ? `${error.split(': ')[0]}:` : error;
    const lines = [`${status}: ${head}${data?.code ? ` (${data.code})` : ''}`];
    if (head !== error) for (const issue of issues) lines.push(`  - ${issue.path}: ${issue.message}`);
    if (status === 401) lines.push(`Sign in again: ${script} login`);
    if (status === 403) lines.push(`Your account lacks the ${role} role (see ${roleSource}).`);
    throw new CliError(lines.join('\n'));
  }

  /**
   * An authenticated call; an expired access token is refreshed once (and stored). Answers the
   * parsed JSON, with `{ text: true }` the body as text (a CSV report), with `{ withStatus: true }`
   * `{ status, data }` (201 or 200 tell a new resource from one already there).
   */
  async function call(method, path, body, { text = false, withStatus = false } = {}) {
    let s = session();
    let res = await http(method, path, body, s.access_token);
    if (res.status === 401) {
      const refreshed = await http('POST', '/auth/refresh', undefined, null, {
        cookie: `${REFRESH_COOKIE}=${s.refresh_token}`,
      });
      if (refreshed.status !== 200 || !refreshed.refreshToken) {
        storeSession(null);
        fail(refreshed);
      }
      s = { ...s, access_token: refreshed.data.access_token, refresh_token: refreshed.refreshToken };
      storeSession(s);
      res = await http(method, path, body, s.access_token);
    }
    if (res.status >= 400) fail(res);
    if (withStatus) return { status: res.status, data: res.data };
    return text ? res.text : res.data;
  }

  function need(value, what) {
    if (value === undefined || value === '') throw new CliError(`Missing ${what}.\n\n${help}`);
    return value;
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

  /** `login` and `logout`, the same in every tool. */
  function sessionCommands(opts) {
    return {
      async login() {
        const phone = opts.phone ?? process.env.MCHEZO_PHONE ?? (await prompt('Phone (+2547…): '));
        const password =
          opts.password ?? process.env.MCHEZO_PASSWORD ?? (await prompt('Password: ', { secret: true }));
        const res = await http('POST', '/auth/login', { phone, password });
        if (res.status !== 200) fail(res);
        if (res.data.needs_verification)
          throw new CliError('This account is not verified yet: verify the phone first.');
        storeSession({
          phone: res.data.user.phone,
          access_token: res.data.access_token,
          refresh_token: res.refreshToken,
        });
        console.log(`✓ signed in to ${API} as ${res.data.user.phone}; tokens stored in ${CREDENTIALS}`);
        if (!(res.data.user.roles ?? []).includes(role))
          console.log(`! this account has no ${role} role: the API will refuse (403)`);
      },

      async logout() {
        const s = readCredentials()[API];
        if (s?.access_token) await http('POST', '/auth/logout', {}, s.access_token).catch(() => {});
        storeSession(null);
        console.log(`✓ signed out of ${API}`);
      },
    };
  }

  /** Runs `command` from `commands`: help, unknown command (exit 2) and CliError (exit 1). */
  async function run(commands, command, wantsHelp) {
    if (wantsHelp || !command || command === 'help') {
      console.log(help);
    } else if (!Object.hasOwn(commands, command)) {
      console.error(`Unknown command ${command}.\n\n${help}`);
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
  }

  return { API, session, http, fail, call, need, prompt, sessionCommands, run };
}
