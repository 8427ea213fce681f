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

/** An answer that came back, read: its status, its parsed body and the response itself. */
export interface Answer {
  status: number;
  ok: boolean;
  body: unknown;
  response: Response;
}

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
   * A call was answered 401 (its body read into `answer.body`). Answer true to send the call once
   * more, reading `token()` again: after a refresh. Never asked again for the repeated call's
   * answer's sake beyond telling it (`repeated`).
   */
  unauthorized?(answer: Answer, call: UnauthorizedCall): boolean | Promise<boolean>;
}

export interface RetryPolicy {
  /** Tries after the first, for a call where repeating is safe. */
  attempts: number;
  /** A 503 asking to wait longer than this (Retry-After) is not retried: it is given to the caller. */
  maxWaitMs: number;
  /** The wait before trying again after no answer. */
  networkDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 1, maxWaitMs: 5_000, networkDelayMs: 300 };

export interface HttpConfig {
  /** The API's root: `/api/v1` on the site, `http://host:8080/api/v1` from a tool. */
  baseUrl: string;
  tokens?: TokenSource;
  /** Whether cookies go along (fetch's `credentials`); unset: the browser's default. */
  credentials?: RequestCredentials;
  /** `false`: never retry. */
  retry?: RetryPolicy | false;
  /** Headers on every call. */
  headers?: Record<string, string>;
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

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

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

/** Retry-After in milliseconds (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(res: Response, now = Date.now()): number | null {
  const value = res.headers.get('retry-after');
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** fetch's own "no answer" (TypeError in browsers and Node), not an abort or a stub's mistake. */
const isNetworkError = (error: unknown) => error instanceof TypeError;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Http {
  readonly baseUrl: string;
  /**
   * The response, unread, when it is a 2xx (for a file: `.blob()`, `.text()`); else throws
   * `ApiError`. No answer at all throws fetch's own error.
   */
  send(method: string, path: string, opts?: CallOptions): Promise<Response>;
  /** The parsed body of a 2xx answer; else throws `ApiError`. */
  request<T>(method: string, path: string, opts?: CallOptions): Promise<T>;
}

export function createHttp(config: HttpConfig): Http {
  const retry = config.retry === false ? null : (config.retry ?? DEFAULT_RETRY);

  function once(method: string, path: string, opts: CallOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...config.headers,
      ...opts.headers,
    };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const init: RequestInit = {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    };
    const credentials = opts.credentials ?? config.credentials;
    if (credentials) init.credentials = credentials;
    return fetch(`${config.baseUrl}${path}`, init);
  }

  /** One call with its safe retries: a 503 that asks to wait a little, or no answer. */
  async function withRetries(
    method: string,
    path: string,
    opts: CallOptions,
    token: string | null,
  ): Promise<Response> {
    const safe = retry !== null && IDEMPOTENT.has(method);
    for (let attempt = 0; ; attempt++) {
      const more = safe && attempt < (retry?.attempts ?? 0);
      let res: Response;
      try {
        res = await once(method, path, opts, token);
      } catch (error) {
        if (!more || !isNetworkError(error) || opts.signal?.aborted) throw error;
        await wait(retry?.networkDelayMs ?? 0);
        continue;
      }
      if (!more || res.status !== 503) return res;
      const after = retryAfterMs(res);
      if (after === null || after > (retry?.maxWaitMs ?? 0)) return res;
      await res.body?.cancel();
      await wait(after);
    }
  }

  async function send(method: string, path: string, opts: CallOptions = {}): Promise<Response> {
    const own = opts.token === undefined;
    const token = () => (own ? (config.tokens?.token() ?? null) : (opts.token ?? null));
    let sent = token();
    let res = await withRetries(method, path, opts, sent);
    if (res.ok) return res;
    let answer: Answer = { status: res.status, ok: false, body: await readBody(res), response: res };
    const hook = config.tokens?.unauthorized;
    if (res.status === 401 && hook && (await hook(answer, { sent, own, repeated: false }))) {
      sent = token();
      res = await withRetries(method, path, opts, sent);
      if (res.ok) return res;
      answer = { status: res.status, ok: false, body: await readBody(res), response: res };
      if (res.status === 401) await hook(answer, { sent, own, repeated: true });
    }
    throw new ApiError(errorMessageOf(answer.body, answer.status), answer.status, answer.body);
  }

  return {
    baseUrl: config.baseUrl,
    send,
    async request<T>(method: string, path: string, opts: CallOptions = {}): Promise<T> {
      return (await readBody(await send(method, path, opts))) as T;
    },
  };
}
