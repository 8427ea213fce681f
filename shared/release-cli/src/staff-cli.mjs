// What the staff command-line tools share (scripts/release.mjs for release managers,
// scripts/payments.mjs for payments operators): the two-factor staff sign-in (password and the
// authenticator's code, docs/decisions/052), the stored staff token, authenticated calls to the
// API, readable errors, and running a command.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline/promises';

/** An expected failure: printed as `✗ message`, exit code 1. */
export class CliError extends Error {}

/** The API's staff role names of the roles the tools check (`payments_operator` is `finance`). */
const API_ROLE = { payments_operator: 'finance', release_manager: 'release_manager' };

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
    if (!s?.staff_token) throw new CliError(`Not signed in to ${API}: run \`${script} login\``);
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
    return { status: res.status, data, text };
  }

  function fail({ status, data }) {
    const issues = data?.issues ?? [];
    const error = data?.error ?? 'request failed';
    // With issues, the message's head and one line per issue (the message repeats them).
    const head = issues.length > 1 && error.includes(': ') ? `${error.split(': ')[0]}:` : error;
    const lines = [`${status}: ${head}${data?.code ? ` (${data.code})` : ''}`];
    if (head !== error) for (const issue of issues) lines.push(`  - ${issue.path}: ${issue.message}`);
    if (status === 401) lines.push(`Sign in again: ${script} login`);
    if (data?.code === 'STAFF_ROLE_REQUIRED')
      lines.push(`Your account lacks the ${role} role (see ${roleSource}).`);
    throw new CliError(lines.join('\n'));
  }

  /**
   * An authenticated call with the stored staff token. A staff session that ended (idle, expired,
   * signed out, ended by an administrator) is forgotten: "signed out, log in again". Answers the
   * parsed JSON, with `{ text: true }` the body as text (a CSV report), with `{ withStatus: true }`
   * `{ status, data }` (201 or 200 tell a new resource from one already there).
   */
  async function call(method, path, body, { text = false, withStatus = false } = {}) {
    const res = await http(method, path, body, session().staff_token);
    if (res.status === 401) {
      storeSession(null);
      throw new CliError(
        `Signed out (${res.data?.error ?? 'staff session ended'}), log in again: ${script} login`,
      );
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

  /**
   * `login` and `logout`, the same in every tool. `login` signs in to staff with two factors:
   * phone, password and the authenticator's code (`--code`, MCHEZO_TOTP_CODE for scripts, or asked
   * on the terminal) or one recovery code (`--recovery-code`); the staff token is kept in the
   * token file (0600).
   */
  function sessionCommands(opts) {
    return {
      async login() {
        const phone = opts.phone ?? process.env.MCHEZO_PHONE ?? (await prompt('Phone (+2547…): '));
        const password =
          opts.password ?? process.env.MCHEZO_PASSWORD ?? (await prompt('Password: ', { secret: true }));
        const recovery = opts['recovery-code'];
        const code = recovery
          ? undefined
          : (opts.code ??
            process.env.MCHEZO_TOTP_CODE ??
            (await prompt('Code from your authenticator app: ')));
        const second = recovery ? { recovery_code: recovery } : { code };
        const res = await http('POST', '/staff/sign-in', { phone, password, ...second });
        if (res.status !== 200) fail(res);
        const { token, session: staffSession, member } = res.data;
        storeSession({ phone: member.phone, staff_token: token, expires_at: staffSession.expires_at });
        console.log(
          `✓ signed in to ${API} as ${member.phone} until ${staffSession.expires_at} at the latest; token stored in ${CREDENTIALS}`,
        );
        if (!member.roles.includes(API_ROLE[role] ?? role))
          console.log(`! this account has no ${role} role: the API will refuse (403)`);
      },

      async logout() {
        const s = readCredentials()[API];
        if (s?.staff_token) await http('POST', '/staff/sign-out', undefined, s.staff_token).catch(() => {});
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
