/** The environment variables the staff module reads: staff sessions and their second factor. */
import { z } from 'zod';
import { type ConfigOf, int, secret } from '../../env-values.js';
import { PlatformConfig } from '../../platform.config.js';

export const StaffConfig = z.object({
  ...PlatformConfig.pick({
    JWT_SECRET: true,
    RELEASE_MANAGER_PHONES: true,
    FINANCE_PHONES: true,
    COMPLIANCE_PHONES: true,
    ADMIN_PHONES: true,
  }).shape,
  /**
   * Staff sessions (decision 052): ended after STAFF_SESSION_IDLE_SECONDS without a request and
   * STAFF_SESSION_MAX_SECONDS after sign-in, whichever comes first.
   */
  STAFF_SESSION_IDLE_SECONDS: int(900, 60, 86_400),
  STAFF_SESSION_MAX_SECONDS: int(8 * 3600, 300, 7 * 86_400),
  /**
   * The key staff members' TOTP secrets are encrypted with at rest (AES-256-GCM, decision 052).
   * Required in production; elsewhere, when unset, one is derived from JWT_SECRET.
   */
  STAFF_TOTP_KEY: secret,
  /** The issuer authenticator apps show next to a staff member's code. */
  STAFF_TOTP_ISSUER: z.string().min(1).max(64).default('Mchezo staff'),
});
export type StaffConfig = ConfigOf<typeof StaffConfig>;
