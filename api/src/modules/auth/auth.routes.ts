import {
  CodeSentResponse,
  LoginRequest,
  LoginResponse,
  LogoutRequest,
  MeResponse,
  PasswordResetConfirmRequest,
  PasswordResetRequestRequest,
  RefreshRequest,
  RefreshResponse,
  RegisterRequest,
  RegisterResponse,
  VerifyConfirmRequest,
  VerifyConfirmResponse,
  VerifyRequestRequest,
} from '@mchezo/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError, refuse } from '../../lib/errors.js';
import { authOf, errorResponses, type PreHandler } from '../../lib/http.js';
import { type AuthService, parsePhone } from './auth.service.js';
import type { RateLimiter } from './rate-limit.js';
import {
  checkRefreshOrigin,
  clearRefreshCookie,
  refreshTokenOf,
  setRefreshCookie,
} from './refresh-cookie.js';

interface AuthRoutesOptions {
  ctx: AppContext;
  auth: AuthService;
  limiter: RateLimiter;
  requireAuth: PreHandler;
}

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { ctx, auth, limiter, requireAuth },
) => {
  const codeSent = (message: string) => ({
    message,
    resend_after_seconds: auth.config.OTP_RESEND_COOLDOWN_SECONDS,
    expires_in_seconds: auth.config.OTP_TTL_SECONDS,
  });

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        body: RegisterRequest,
        response: { 201: RegisterResponse, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const phone = parsePhone(request.body.phone);
      await limiter.hit('register', request.ip, phone);
      const { user, verificationTicket } = await auth.register(
        phone,
        request.body.password,
        request.body.full_name ?? null,
      );
      return reply
        .code(201)
        .send({ user, needs_verification: true, verification_ticket: verificationTicket });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        body: LoginRequest,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const phone = parsePhone(request.body.phone);
      // Every attempt counts per client address; only wrong passwords count per phone, and per
      // phone *and* address, so nobody can lock another player out (rate-limit.ts).
      await limiter.hit('login', request.ip, null);
      const { body, refresh } = await limiter.guardFailures(
        `login_failed:${phone}:${request.ip}`,
        () => auth.login(phone, request.body.password),
        (err) => err instanceof AppError && err.extra.code === 'INVALID_CREDENTIALS',
      );
      if (refresh) setRefreshCookie(reply, refresh.token, refresh.expiresAt, ctx.clock.now());
      return body;
    },
  );

  // The refresh token comes only from the cookie (refresh-cookie.ts), and only from the site.
  app.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        body: RefreshRequest,
        response: { 200: RefreshResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      checkRefreshOrigin(request, auth.config.PUBLIC_BASE_URL);
      const token = refreshTokenOf(request);
      if (!token) throw refuse('UNAUTHORIZED', 'Not signed in');
      try {
        const { body, refresh } = await auth.refresh(token);
        setRefreshCookie(reply, refresh.token, refresh.expiresAt, ctx.clock.now());
        return body;
      } catch (err) {
        // The token is unknown, spent or its session over: the browser may forget it.
        if (err instanceof AppError && err.statusCode === 401) clearRefreshCookie(reply);
        throw err;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: requireAuth,
      schema: { tags, body: LogoutRequest, response: { 204: z.null(), ...errorResponses(400, 401) } },
    },
    async (request, reply) => {
      await auth.logout(authOf(request).sessionId);
      clearRefreshCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    { onRequest: requireAuth, schema: { tags, response: { 200: MeResponse, ...errorResponses(401) } } },
    async (request) => ({ user: await auth.me(authOf(request).userId) }),
  );

  app.post(
    '/auth/verify/request',
    {
      schema: {
        tags,
        body: VerifyRequestRequest,
        response: { 200: CodeSentResponse, ...errorResponses(400, 429, 503) },
      },
    },
    async (request) => {
      const phone = parsePhone(request.body.phone);
      await limiter.hit('verify_request', request.ip, phone);
      await auth.requestVerification(phone);
      return codeSent('If this phone has an account waiting for verification, a code has been sent.');
    },
  );

  app.post(
    '/auth/verify/confirm',
    {
      schema: {
        tags,
        body: VerifyConfirmRequest,
        response: { 200: VerifyConfirmResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const phone = parsePhone(request.body.phone);
      await limiter.hit('verify_confirm', request.ip, phone);
      const { refresh, ...body } = await auth.confirmVerification(
        phone,
        request.body.code,
        request.body.ticket,
      );
      if (refresh) setRefreshCookie(reply, refresh.token, refresh.expiresAt, ctx.clock.now());
      return { ...body, verified: true as const };
    },
  );

  app.post(
    '/auth/password/reset/request',
    {
      schema: {
        tags,
        body: PasswordResetRequestRequest,
        response: { 200: CodeSentResponse, ...errorResponses(400, 429, 503) },
      },
    },
    async (request) => {
      const phone = parsePhone(request.body.phone);
      await limiter.hit('reset_request', request.ip, phone);
      await auth.requestPasswordReset(phone);
      return codeSent('If this phone has an account, a reset code has been sent.');
    },
  );

  app.post(
    '/auth/password/reset/confirm',
    {
      schema: {
        tags,
        body: PasswordResetConfirmRequest,
        response: { 204: z.null(), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const phone = parsePhone(request.body.phone);
      await limiter.hit('reset_confirm', request.ip, phone);
      await auth.confirmPasswordReset(phone, request.body.code, request.body.new_password);
      return reply.code(204).send(null);
    },
  );
};
