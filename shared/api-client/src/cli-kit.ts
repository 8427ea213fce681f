/**
 * What the staff command-line tools share (the release CLI of shared/release-cli for release
 * managers, scripts/payments.ts for finance): the two-factor staff sign-in (staff-sign-in.ts,
 * docs/decisions/052), the stored staff token, calls to the API through the HTTP core (http.ts),
 * readable errors, and running a command. Node only: no page imports it.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { ApiError } from './errors.ts';
import { createHttp } from './http.ts';
import { staffSignIn, staffSignOut } from './staff-sign-in.ts';

/** An expected failure: printed as `✗ message`, exit code 1. */
export class CliError extends Error {}

/** An answer as the tools read it: its status, its JSON (or `{ error }` for other text) and its text. */
export interface Reply<T = unknown> {
  status: number;
  data: T;
  text: string;
}

/** The `{ error, code, issues }` of a refusal. */
interface Refusal {
  error?: string;
  code?: string;
  issues?: { path: string; message: string }[];
}

/** A stored staff session, per API (one file serves staging and production). */
interface StoredSession {
  phone: string;
  staff_token: string;
  expires_at: string;
}

export interface StaffCliConfig {
  /** Names the token file (`<name>-cli.json`) and the script (`scripts/<name>.mjs`). */
  name: string;
  /** The role the API checks, granted from `roleSource`. */
  role: string;
  roleSource: string;
  help: string;
  /** `--api`, else $MCHEZO_API, else http://127.0.0.1:8080. */
  api?: string | undefined;
}

/** The options `login` reads. */
export interface LoginOptions {
  phone?: string | undefined;
  password?: string | undefined;
  code?: string | undefined;
  'recovery-code'?: string | undefined;
}

export type Commands = Record<string, () => Promise<unknown>>;

const parse = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return { error: text.slice(0, 200) };
  }
};

/** The kit for one tool. */
export function staffCli({ name, role, roleSource, help, api }: StaffCliConfig) {
  const API = (api ?? process.env.MCHEZO_API ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const script = `node scripts/${name}.mjs`;
  const CREDENTIALS = process.env.DATA_DIR
    ? join(process.env.DATA_DIR, `${name}-cli.json`)
    : join(homedir(), '.mchezo', `${name}-cli.json`);
  const core = createHttp({ baseUrl: `${API}/api/v1` });

  function readCredentials(): Record<string, StoredSession> {
    if (!existsSync(CREDENTIALS)) return {};
    try {
      return JSON.parse(readFileSync(CREDENTIALS, 'utf8'));
    } catch {
      return {};
    }
  }

  function storeSession(s: StoredSession | null): void {
    const all = readCredentials();
    if (s) all[API] = s;
    else delete all[API];
    mkdirSync(dirname(CREDENTIALS), { recursive: true, mode: 0o700 });
    writeFileSync(CREDENTIALS, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
    chmodSync(CREDENTIALS, 0o600);
  }

  function session(): StoredSession {
    const s = readCredentials()[API];
    if (!s?.staff_token) throw new CliError(`Not signed in to ${API}: run \`${script} login\``);
    return s;
  }

  /** "Cannot reach the API" for no answer at all; any other error as it is. */
  function unreachable(err: unknown): never {
    if (!(err instanceof TypeError)) throw err;
    const cause = (err as { cause?: { code?: string } }).cause;
    throw new CliError(
      `Cannot reach the API at ${API} (${cause?.code ?? err.message}); is it running? (--api)`,
    );
  }

  /** One call, whatever its status (only no answer throws): with `token`, as its bearer. */
  async function http<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    token?: string | null,
  ): Promise<Reply<T>> {
    try {
      const res = await core.send(method, path, { body, token: token ?? null });
      const text = await res.text();
      return { status: res.status, data: parse(text) as T, text };
    } catch (err) {
      if (!(err instanceof ApiError)) return unreachable(err);
      const text =
        typeof err.body === 'string' ? err.body : err.body === null ? '' : JSON.stringify(err.body);
      const data = typeof err.body === 'string' ? { error: err.body.slice(0, 200) } : err.body;
      return { status: err.status, data: data as T, text };
    }
  }

  function fail({ status, data }: Reply): never {
    const refusal = (data ?? {}) as Refusal;
    const issues = refusal.issues ?? [];
    const error = refusal.error ?? 'request failed';
    // With issues, the message's head and one line per issue (the message repeats them).
    const head = issues.length > 1 && error.includes(': ') ? `${error.split(': ')[0]}:` : error;
    const lines = [`${status}: ${head}${refusal.code ? ` (${refusal.code})` : ''}`];
    if (head !== error) for (const issue of issues) lines.push(`  - ${issue.path}: ${issue.message}`);
    if (status === 401) lines.push(`Sign in again: ${script} login`);
    if (refusal.code === 'STAFF_ROLE_REQUIRED')
      lines.push(`Your account lacks the ${role} role (see ${roleSource}).`);
    throw new CliError(lines.join('\n'));
  }

  /**
   * An authenticated call with the stored staff token. A staff session that ended (idle, expired,
   * signed out, ended by an administrator) is forgotten: "signed out, log in again". Answers the
   * parsed JSON.
   */
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return (await callWithStatus<T>(method, path, body)).data;
  }

  /** `call`, with the status (201 or 200 tell a new resource from one already there) and the text (a CSV). */
  async function callWithStatus<T>(method: string, path: string, body?: unknown): Promise<Reply<T>> {
    const res = await http<T>(method, path, body, session().staff_token);
    if (res.status === 401) {
      storeSession(null);
      const ended = (res.data as Refusal | null)?.error ?? 'staff session ended';
      throw new CliError(`Signed out (${ended}), log in again: ${script} login`);
    }
    if (res.status >= 400) fail(res);
    return res;
  }

  function need(value: string | undefined, what: string): string {
    if (value === undefined || value === '') throw new CliError(`Missing ${what}.\n\n${help}`);
    return value;
  }

  async function prompt(question: string, { secret = false } = {}): Promise<string> {
    if (!process.stdin.isTTY)
      throw new CliError(`${question.replace(/: $/, '')} is required (pass it as an option)`);
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    if (secret) {
      // Hide what is typed.
      const hidden = rl as unknown as { _writeToOutput: (s: string) => void };
      hidden._writeToOutput = (s: string) => {
        if (s.startsWith(question)) process.stdout.write(question);
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
  function sessionCommands(opts: LoginOptions): Commands {
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
        const signedIn = await staffSignIn(core, { phone, password, ...second }).catch((err: unknown) => {
          if (!(err instanceof ApiError)) return unreachable(err);
          const data = typeof err.body === 'string' ? { error: err.body.slice(0, 200) } : err.body;
          return fail({ status: err.status, data, text: '' });
        });
        const { token, session: staffSession, member } = signedIn;
        storeSession({ phone: member.phone, staff_token: token, expires_at: staffSession.expires_at });
        console.log(
          `✓ signed in to ${API} as ${member.phone} until ${staffSession.expires_at} at the latest; token stored in ${CREDENTIALS}`,
        );
        if (!(member.roles as string[]).includes(role))
          console.log(`! this account has no ${role} role: the API will refuse (403)`);
      },

      async logout() {
        const s = readCredentials()[API];
        if (s?.staff_token) await staffSignOut(core, s.staff_token).catch(() => {});
        storeSession(null);
        console.log(`✓ signed out of ${API}`);
      },
    };
  }

  /** Runs `command` from `commands`: help, unknown command (exit 2) and CliError (exit 1). */
  async function run(commands: Commands, command: string | undefined, wantsHelp: boolean | undefined) {
    if (wantsHelp || !command || command === 'help') {
      console.log(help);
    } else if (!Object.hasOwn(commands, command)) {
      console.error(`Unknown command ${command}.\n\n${help}`);
      process.exitCode = 2;
    } else {
      try {
        await commands[command]?.();
      } catch (err) {
        if (!(err instanceof CliError)) throw err;
        console.error(`✗ ${err.message}`);
        process.exitCode = 1;
      }
    }
  }

  return { API, session, http, fail, call, callWithStatus, need, prompt, sessionCommands, run };
}
