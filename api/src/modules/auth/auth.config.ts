/** The environment variables the auth module reads: tokens, password hashing, one-time codes, limits. */
import { z } from 'zod';
import { type ConfigOf, int } from '../../env-values.js';
import { PlatformConfig } from '../../platform.config.js';

export const AuthConfig = z.object({
  ...PlatformConfig.pick({
    JWT_SECRET: true,
    PUBLIC_BASE_URL: true,
    OTP_MODE: true,
    OTP_TEST_CODE: true,
    RELEASE_MANAGER_PHONES: true,
    FINANCE_PHONES: true,
    COMPLIANCE_PHONES: true,
    ADMIN_PHONES: true,
  }).shape,
  // At least 30 s; tests may go down to 2 s (env.ts refuses less outside NODE_ENV=test), to see tokens expire (decision 034).
  ACCESS_TOKEN_TTL_SECONDS: int(900, 2, 86_400),
  REFRESH_TOKEN_TTL_SECONDS: int(30 * 86_400, 300, 365 * 86_400),
  /** argon2id cost; tests lower it, production keeps the library defaults (m=19456 KiB, t=2, p=1). */
  ARGON2_MEMORY_KIB: int(19_456, 1024, 1_048_576),
  ARGON2_TIME_COST: int(2, 1, 10),

  OTP_TTL_SECONDS: int(600, 30, 3600),
  OTP_MAX_ATTEMPTS: int(5, 1, 20),
  OTP_RESEND_COOLDOWN_SECONDS: int(60, 0, 3600),
  /**
   * How long the ticket a registration or a pending login answers stays good for the code's
   * sign-in (docs/decisions/062-verification-tickets.md).
   */
  VERIFICATION_TICKET_TTL_SECONDS: int(900, 60, 3600),

  RATE_LIMIT_WINDOW_SECONDS: int(600, 1, 86_400),
  RATE_LIMIT_PER_PHONE: int(10, 1, 1_000_000),
  RATE_LIMIT_PER_IP: int(100, 1, 1_000_000),
});
export type AuthConfig = ConfigOf<typeof AuthConfig>;
