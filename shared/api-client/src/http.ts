/**
 * The one HTTP core for `/api/v1`: the player client (client.ts), the staff site
 * (staff/src/api/client.ts) and the command-line tools (cli-kit.ts, shared/release-cli) are thin
 * layers on it. It runs in the browser and in Node alike: `fetch` only, no schema library, no
 * Node module, so it adds nothing a phone would not download anyway.
 *
 * - JSON in and out: a body is sent as JSON; an answer is parsed as JSON, a 204 or an empty body
 *   is `null`, any other text is given as the text.
 * - A failed answer (not 2xx) throws one `ApiError` (errors.ts): the server's `{ error, code }`
 *   as its message and body.
 * - The bearer token comes from a pluggable `TokenSource`; a 401 is handed to it, and it may ask
 *   for the call to be sent once more (after a refresh).
 * - Retries only where repeating cannot do a thing twice: an idempotent call (GET, HEAD, PUT,
 *   DELETE, OPTIONS) answered 503 with a short Retry-After (the API's "stopping" or "database
 *   away", docs/decisions/035-surviving-faults.md), or that got no answer at all (a network error).
 */
import { ApiError, errorMessageOf } from './errors.ts';

/** How a 401 was met: the token the call carried, and whether it was the source's own. */
export interface UnauthorizedCall {
  /** The bearer token sent (null: none). */
  sent: string | null;
  /** True when the token came from the source, false when the call named its own (or none). */
  own: boolean;
  /** True when this is the answer to the call sent once more. */
  repeated: boolean;
}

/** Where the bearer token comes from, and what a 401 does. */
export interface TokenSource {
  /** The token to send, or null to send none. */
  token(): string | null;
  /**
   * A call was answered 401 with `body` (read). Answer true to send the call once more, reading
   * `token()` again: after a refresh. Told of the repeated call's 401 too (`repeated`), whose
   * answer no longer counts.
   */
  unauthorized?(body: unknown, call: UnauthorizedCall): boolean | Promise<boolean>;
}

/** A 503 asking to wait longer than this (Retry-After) is given to the caller, not retried. */
export const RETRY_MAX_WAIT_MS = 5_000;
/** The wait before the one more try of an idempotent call that got no answer. */
export const NETWORK_RETRY_DELAY_MS = 300;

export interface HttpConfig {
  /** The API's root: `/api/v1` on the site, `http://host:8080/api/v1` from a tool. */
  baseUrl: string;
  tokens?: TokenSource;
  /** Whether cookies go along (fetch's `credentials`); unset: the browser's default. */
  credentials?: RequestCredentials;
  /** `false`: never retry (else one more try where safe). */
  retry?: false;
}

export interface CallOptions {
  /** Sent as JSON; none when undefined. */
  body?: unknown;
  /** A bearer token other than the source's: `null` sends none (and a 401 is not the source's). */
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** This call's `credentials`, over the client's. */
  credentials?: RequestCredentials;
}

const IDEMPOTENT = /^(GET|HEAD|PUT|DELETE|OPTIONS)$/;

/** A 204, an empty body: null; JSON: parsed; anything else: the text. */
export async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Http {
  /**
   * The response, unread, when it is a 2xx (for a file: `.blob()`, `.text()`); else throws
   * `ApiError`. No answer at all throws fetch's own error.
   */
  send(method: string, path: string, opts?: CallOptions): Promise<Response>;
  /** The parsed body of a 2xx answer; else throws `ApiError`. */
  request<T>(method: string, path: string, opts?: CallOptions): Promise<T>;
}

export function createHttp(config: HttpConfig): Http {
  /**
   * One call with its safe retries: no answer (fetch's own TypeError, in browsers and Node alike;
   * not an abort), or a 503 whose Retry-After (in seconds, as the API and nginx send it) is short.
   */
  async function withRetries(
    method: string,
    path: string,
    opts: CallOptions,
    token: string | null,
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const init: RequestInit = {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      credentials: opts.credentials ?? config.credentials,
    };
    for (let again = config.retry !== false && IDEMPOTENT.test(method); ; again = false) {
      let res: Response;
      try {
        res = await fetch(config.baseUrl + path, init);
      } catch (error) {
        if (!again || !(error instanceof TypeError) || opts.signal?.aborted) throw error;
        await wait(NETWORK_RETRY_DELAY_MS);
        continue;
      }
      // NaN (no try left, not a 503, no Retry-After in seconds) is never <= anything.
      const after =
        again && res.status === 503
          ? Number(res.headers.get('retry-after') || Number.NaN) * 1000
          : Number.NaN;
      if (!(after <= RETRY_MAX_WAIT_MS)) return res;
      await wait(after);
    }
  }

  async function send(method: string, path: string, opts: CallOptions = {}): Promise<Response> {
    const own = opts.token === undefined;
    const hook = config.tokens?.unauthorized;
    for (let repeated = false; ; repeated = true) {
      const sent = own ? (config.tokens?.token() ?? null) : (opts.token ?? null);
      const res = await withRetries(method, path, opts, sent);
      if (res.ok) return res;
      const body = await readBody(res);
      // A 401 goes to the token source, which may have the call sent once more (after a refresh).
      const again = res.status === 401 && hook ? await hook(body, { sent, own, repeated }) : false;
      if (repeated || !again) throw new ApiError(errorMessageOf(body, res.status), res.status, body);
    }
  }

  return {
    send,
    async request<T>(method: string, path: string, opts: CallOptions = {}): Promise<T> {
      return (await readBody(await send(method, path, opts))) as T;
    },
  };
}
