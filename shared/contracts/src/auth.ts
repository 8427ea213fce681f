import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './auth-constants.ts';

export {
  DEFAULT_PHONE_CODE,
  normalizePhone,
  OTP_LENGTH,
  OTP_RESEND_COOLDOWN_SECONDS,
  PASSWORD_MIN_LENGTH,
  PHONE_COUNTRIES,
} from './auth-constants.ts';

/** Raw phone as typed; the server normalises it (400 when it is not a phone). */
export const PhoneInput = z
  .string()
  .trim()
  .min(1, 'Phone is required')
  .max(32)
  .regex(/^[+\d\s\-().]+$/, 'Phone may contain only digits, spaces and plus');

const Password = z.string().min(1, 'Password is required').max(256);
const NewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256);
export const OtpCode = z.string().regex(/^\d{6}$/, 'The code must be exactly 6 digits');

export const UserStatus = z.enum(['pending_verification', 'active', 'suspended']);
export type UserStatus = z.infer<typeof UserStatus>;

export const User = z.object({
  id: z.string(),
  phone: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  roles: z.array(z.string()),
  /** The first role, for screens that show a single one. */
  role: z.string(),
  status: UserStatus,
  /** ISO 8601. */
  created_at: z.string(),
});
export type User = z.infer<typeof User>;

/** POST /auth/login */
export const LoginRequest = z.strictObject({ phone: PhoneInput, password: Password });
export type LoginRequest = z.infer<typeof LoginRequest>;

/**
 * What the browser holds between registration (or a pending login) and the code, instead of the
 * password (docs/decisions/062-verification-tickets.md): opaque, single use, valid for minutes;
 * POST /auth/verify/confirm takes it with the code and answers a session.
 */
export const VerificationTicket = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'Invalid verification ticket');

/**
 * The access token is null when needs_verification is true: a pending account gets no session
 * until the phone is verified; it gets a verification ticket instead, which the verification
 * exchanges for a session. The refresh token is never in a
 * body: it comes in an HttpOnly cookie sent only to POST /auth/refresh
 * (docs/decisions/034-session-cookies.md).
 */
export const LoginResponse = z.object({
  user: User,
  access_token: z.string().nullable(),
  /** Seconds until access_token expires (null without tokens). */
  expires_in: z.number().int().nullable(),
  needs_verification: z.boolean(),
  /** Only when needs_verification is true (else null): see VerificationTicket. */
  verification_ticket: VerificationTicket.nullable(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** POST /auth/register → 201 */
export const RegisterRequest = z.strictObject({
  phone: PhoneInput,
  password: NewPassword,
  full_name: z.string().trim().max(100).optional().nullable(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const RegisterResponse = z.object({
  user: User,
  needs_verification: z.boolean(),
  /** See VerificationTicket: the code's companion, so the browser never keeps the password. */
  verification_ticket: VerificationTicket,
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/**
 * POST /auth/refresh: rotates the refresh token of the request's cookie (the old one is spent,
 * the new one is set in the cookie). Body may be empty or {}.
 */
export const RefreshRequest = z.strictObject({}).nullish();

export const RefreshResponse = z.object({
  access_token: z.string(),
  expires_in: z.number().int(),
  user: User,
});
export type RefreshResponse = z.infer<typeof RefreshResponse>;

/** POST /auth/logout (authenticated) → 204. Body may be empty or {}. */
export const LogoutRequest = z.strictObject({}).nullish();

/** POST /auth/verify/request → 200 (same answer whether or not the phone has an account). */
export const VerifyRequestRequest = z.strictObject({ phone: PhoneInput });
export type VerifyRequestRequest = z.infer<typeof VerifyRequestRequest>;

export const CodeSentResponse = z.object({
  message: z.string(),
  /** Seconds before another code may be requested for this phone. */
  resend_after_seconds: z.number().int(),
  /** Seconds the code stays valid. */
  expires_in_seconds: z.number().int(),
});
export type CodeSentResponse = z.infer<typeof CodeSentResponse>;

/**
 * POST /auth/verify/confirm → 200 with the now active user. With the ticket from registration or
 * a pending login it also signs the player in (the access token here, the refresh token in its
 * cookie) and spends the ticket; a spent, expired or another account's ticket is a 401
 * VERIFICATION_EXPIRED that changes nothing (the code is not spent either).
 */
export const VerifyConfirmRequest = z.strictObject({
  phone: PhoneInput,
  code: OtpCode,
  ticket: VerificationTicket.optional(),
});
export type VerifyConfirmRequest = z.infer<typeof VerifyConfirmRequest>;

export const VerifyConfirmResponse = z.object({
  user: User,
  verified: z.literal(true),
  /** Null without a ticket: the player signs in with the password. */
  access_token: z.string().nullable(),
  /** Seconds until access_token expires (null without tokens). */
  expires_in: z.number().int().nullable(),
});
export type VerifyConfirmResponse = z.infer<typeof VerifyConfirmResponse>;

/** POST /auth/password/reset/request → 200 (no account enumeration). */
export const PasswordResetRequestRequest = z.strictObject({ phone: PhoneInput });
export type PasswordResetRequestRequest = z.infer<typeof PasswordResetRequestRequest>;

/** POST /auth/password/reset/confirm → 204; every session of the account is revoked. */
export const PasswordResetConfirmRequest = z.strictObject({
  phone: PhoneInput,
  code: OtpCode,
  new_password: NewPassword,
});
export type PasswordResetConfirmRequest = z.infer<typeof PasswordResetConfirmRequest>;

/** GET /auth/me (authenticated) */
export const MeResponse = z.object({ user: User });
export type MeResponse = z.infer<typeof MeResponse>;
