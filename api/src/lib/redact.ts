import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { frameworkRefusal, refuse } from './errors.js';

/**
 * Secrets in URLs (docs/decisions/032-secrets-proxies-production.md). A route names the path
 * parameters and query keys that carry a secret in its config:
 *
 *     app.post('/payments/c2b/:provider/:secret/:kind', { config: { secretParams: ['secret'] } }, …)
 *
 * and every URL written to a log line or an error message goes through `UrlRedactor.redact`,
 * which replaces those values with `[secret]` in any URL that reaches such a route's path,
 * whether it matched the route or not (a 404 or a malformed variant of it). A path parameter or
 * query key whose name looks like a secret must be declared: registering a route with one left
 * out throws, so a new route cannot forget.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Path parameters and query keys whose values are secrets: never logged, never echoed. */
    secretParams?: readonly string[];
  }
}

const SECRET_PLACEHOLDER = '[secret]';
/** Names that must be declared in `secretParams` when a route has them. */
const SECRET_LIKE_NAME = /secret|token|ticket|password|signature|launch|override/i;
/** Query keys cut out of every URL, routed or not (older links and tokens). */
const ALWAYS_SECRET_QUERY_KEYS = ['token', 'launch', 'session', 't'];
/** Names that look like a secret and are not one: the transaction list's pagination cursor. */
const NOT_SECRET = ['page_token'];

/** One segment of a route's path: a fixed word, any value, or the secret to cut out. */
type Segment = { literal: string } | { any: true } | { secret: true };

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The keys of a route's querystring schema (a zod object), if it has one. */
function queryKeysOf(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

export class UrlRedactor {
  /** Each secret-carrying path, cut after its last secret segment (same prefixes kept once). */
  private readonly paths = new Map<string, Segment[]>();
  private readonly queryKeys = new Set(ALWAYS_SECRET_QUERY_KEYS);

  /** Registers every route's secrets as it is added; add it before any route. */
  watch(app: FastifyInstance): void {
    app.addHook('onRoute', (route: RouteOptions) =>
      this.add(route.url, route.config?.secretParams ?? [], queryKeysOf(route.schema?.querystring)),
    );
  }

  /**
   * A route's secrets: each declared name is a whole path segment (`/:secret/`) or a query key.
   * Throws for a secret-looking parameter or query key that is not declared.
   */
  add(url: string, secretParams: readonly string[], queryKeys: readonly string[] = []): void {
    const pathParams = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
    const undeclared = [...pathParams, ...queryKeys].filter(
      (name) => SECRET_LIKE_NAME.test(name) && !NOT_SECRET.includes(name) && !secretParams.includes(name),
    );
    if (undeclared.length > 0)
      throw new Error(
        `Route ${url}: ${undeclared.join(', ')} looks like a secret; list it in config.secretParams`,
      );
    const segments = url.split('/').filter(Boolean);
    const last = Math.max(-1, ...secretParams.map((name) => segments.lastIndexOf(`:${name}`)));
    for (const name of secretParams) {
      if (pathParams.includes(name) && !segments.includes(`:${name}`))
        throw new Error(`Route ${url}: secret parameter :${name} must be a whole path segment`);
      if (!pathParams.includes(name)) this.queryKeys.add(name);
    }
    if (last < 0) return;
    const pattern = segments.slice(0, last + 1).map((s): Segment => {
      if (secretParams.some((name) => s === `:${name}`)) return { secret: true };
      return s.includes(':') || s.includes('*') ? { any: true } : { literal: s.toLowerCase() };
    });
    this.paths.set(JSON.stringify(pattern), pattern);
  }

  /** The URL with every declared secret replaced by `[secret]`. */
  redact(url: string): string {
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q + 1);
    return this.redactPath(path) + (q < 0 ? '' : `?${this.redactQuery(query)}`);
  }

  private redactPath(path: string): string {
    const raw = path.split('/');
    // Empty segments (`//`) are skipped, so a doubled slash does not hide a secret.
    const present = raw.flatMap((s, index) => (s ? [{ index, word: decode(s).toLowerCase() }] : []));
    for (const pattern of this.paths.values()) {
      if (present.length < pattern.length) continue;
      const matches = pattern.every((seg, i) => !('literal' in seg) || seg.literal === present[i]?.word);
      if (!matches) continue;
      pattern.forEach((seg, i) => {
        if ('secret' in seg) raw[present[i]?.index ?? 0] = SECRET_PLACEHOLDER;
      });
    }
    return raw.join('/');
  }

  private redactQuery(query: string): string {
    return query
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        const key = decode(eq < 0 ? pair : pair.slice(0, eq));
        return eq >= 0 && this.queryKeys.has(key) ? `${pair.slice(0, eq)}=${SECRET_PLACEHOLDER}` : pair;
      })
      .join('&');
  }
}

/**
 * Fastify's answers to a URL it cannot route (bad percent-encoding, a segment over the length
 * limit) quote the whole path, secret included: these answer without it, and write the request's
 * line (its URL redacted) that Fastify would otherwise skip for them.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const refused =
    frameworkRefusal(
      { ...error, message: 'Bad request', statusCode: error.statusCode ?? 400 },
      { MALFORMED_URL: 'Malformed URL', URL_TOO_LONG: 'A URL segment is too long' },
    ) ?? refuse('BAD_REQUEST', 'Bad request');
  reply.code(refused.statusCode).send(refused.toBody());
  reply.log.info({ req: request, res: reply }, 'request completed');
}
