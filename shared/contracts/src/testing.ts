/**
 * Fixtures checked against the contract, for tests: every body a component test's fake API
 * answers with is parsed by the zod schema of the real route's response (or of the error body),
 * so a fixture that drifts from what the API sends fails the test that uses it, instead of
 * keeping a page working against answers the API never gives.
 *
 * Tests only: this module pulls in every schema (zod), which browser code must not ship
 * (.dependency-cruiser.cjs).
 */
import { z } from 'zod';
import {
  CodeSentResponse,
  LoginResponse,
  MeResponse,
  RefreshResponse,
  RegisterResponse,
  VerifyConfirmResponse,
} from './auth.ts';
import { GameLinkResponse, GamesResponse } from './casino.ts';
import { ChatTokenResponse } from './chat.ts';
import { ConfigResponse } from './config.ts';
import { ErrorResponse } from './errors.ts';
import { IdentityResponse } from './identity.ts';
import { ReleaseManifest } from './releases.ts';
import { SaferGamblingResponse, StatementResponse } from './safer-gambling.ts';
import {
  BalanceResponse,
  DepositResponse,
  PaybillResponse,
  TaxPreviewResponse,
  TransactionResponse,
  TransactionsResponse,
  WithdrawResponse,
} from './wallet.ts';

/** What each /api/v1 route answers on success ("METHOD /path", `:name` for a path parameter). */
export const API_RESPONSES = {
  'GET /config': ConfigResponse,
  'POST /auth/register': RegisterResponse,
  'POST /auth/login': LoginResponse,
  'POST /auth/refresh': RefreshResponse,
  'POST /auth/logout': z.null(),
  'GET /auth/me': MeResponse,
  'POST /auth/verify/request': CodeSentResponse,
  'POST /auth/verify/confirm': VerifyConfirmResponse,
  'POST /auth/password/reset/request': CodeSentResponse,
  'POST /auth/password/reset/confirm': z.null(),
  'POST /auth/chat-token': ChatTokenResponse,
  'GET /casino/games': GamesResponse,
  'POST /casino/game/link': GameLinkResponse,
  'GET /wallet/balance': BalanceResponse,
  'POST /wallet/deposit': DepositResponse,
  'POST /wallet/withdraw': WithdrawResponse,
  'GET /wallet/transactions': TransactionsResponse,
  'GET /wallet/transactions/:id': TransactionResponse,
  'GET /wallet/paybill': PaybillResponse,
  'GET /wallet/tax-preview': TaxPreviewResponse,
  'GET /releases/manifest': ReleaseManifest,
  'GET /identity': IdentityResponse,
  'PUT /identity': IdentityResponse,
  'GET /safer-gambling': SaferGamblingResponse,
  'PUT /safer-gambling/deposit-limits': SaferGamblingResponse,
  'PUT /safer-gambling/loss-limits': SaferGamblingResponse,
  'PUT /safer-gambling/stake-limit': SaferGamblingResponse,
  'POST /safer-gambling/time-out': SaferGamblingResponse,
  'POST /safer-gambling/self-exclusion': SaferGamblingResponse,
  'PUT /safer-gambling/reality-check': SaferGamblingResponse,
  'GET /safer-gambling/statement': StatementResponse,
} as const;

export type ApiRoute = keyof typeof API_RESPONSES;
/** The body a route answers with on success, as a fixture writes it. */
export type ApiBody<R extends ApiRoute> = z.input<(typeof API_RESPONSES)[R]>;
/** A request as a fake API sees it: "GET /wallet/transactions/tx1" for ".../:id". */
export type ApiRequest<R extends ApiRoute = ApiRoute> = R extends `${infer Head}/:${string}`
  ? `${Head}/${string}`
  : R;

const ROUTES = Object.keys(API_RESPONSES).map((route) => ({
  route: route as ApiRoute,
  pattern: new RegExp(`^${route.replace(/:[a-z_]+/g, '[^/]+')}$`),
}));

/** The route a request ("GET /wallet/transactions/tx1") goes to, if the API has it. */
export function routeOf(request: string): ApiRoute | undefined {
  return ROUTES.find((r) => r.pattern.test(request))?.route;
}

/** Paths of `input` that parsing dropped: fields the contract does not have. */
function unknownFields(input: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(input) && Array.isArray(parsed))
    return input.flatMap((item, i) => unknownFields(item, parsed[i], `${path}[${i}]`));
  if (!input || typeof input !== 'object' || !parsed || typeof parsed !== 'object') return [];
  return Object.entries(input).flatMap(([key, value]) =>
    key in parsed
      ? unknownFields(value, (parsed as Record<string, unknown>)[key], `${path}.${key}`)
      : [`${path}.${key}`],
  );
}

/**
 * Checks that `body` is what the API can answer to `request` with `status` (a success body for
 * 2xx, `ErrorResponse` otherwise): every field the contract requires, of its type, and no field
 * it does not have. Throws, saying what differs; returns the body as parsed.
 */
export function checkFixture(request: string, status: number, body: unknown): unknown {
  const route = routeOf(request);
  if (!route) throw new Error(`fixture for ${request}: the API has no such route`);
  const schema = status >= 200 && status < 300 ? API_RESPONSES[route] : ErrorResponse;
  const result = schema.safeParse(body);
  if (!result.success)
    throw new Error(
      `fixture for ${request} (${status}) is not what the API sends:\n${z.prettifyError(result.error)}`,
    );
  const extra = unknownFields(body, result.data);
  if (extra.length > 0)
    throw new Error(
      `fixture for ${request} (${status}) has fields the API does not send: ${extra.join(', ')}`,
    );
  return result.data;
}

/** A success body for `route`, typed and checked: for fakes that do not go through stubApi. */
export function fixture<R extends ApiRoute>(route: R, body: ApiBody<R>): ApiBody<R> {
  checkFixture(route, 200, body);
  return body;
}
