/**
 * The money-laundering module's environment (docs/decisions/043-money-laundering-monitoring.md,
 * api/README.md): amounts in integer cents, shares in basis points. The reporting threshold
 * (KSh 1,000,000) is the single-transaction rule's and the structuring rule's sum; the job reads
 * the money events every AML_SCAN_INTERVAL_MS (0: off), AML_SCAN_BATCH at a time. env.ts
 * validates it with the rest of the environment.
 */
import { z } from 'zod';
import { type ConfigOf, int, optionalString } from '../../env-values.js';

export const AmlConfig = z.object({
  AML_REPORT_THRESHOLD_CENTS: int(100_000_000, 1, 1_000_000_000_000),
  AML_STRUCTURING_WINDOW_HOURS: int(24, 1, 24 * 31),
  AML_STRUCTURING_MIN_DEPOSITS: int(3, 2, 1000),
  AML_STAKE_LITTLE_WINDOW_HOURS: int(72, 1, 24 * 92),
  AML_STAKE_LITTLE_MAX_STAKE_BP: int(1000, 0, 10_000),
  AML_STAKE_LITTLE_MIN_DEPOSIT_CENTS: int(1_000_000, 0, 1_000_000_000_000),
  AML_RAPID_WINDOW_MINUTES: int(60, 1, 7 * 24 * 60),
  AML_RAPID_MIN_SHARE_BP: int(8000, 1, 10_000),
  AML_RAPID_MIN_DEPOSIT_CENTS: int(500_000, 0, 1_000_000_000_000),
  AML_SHARED_PHONE_MIN_ACCOUNTS: int(2, 2, 1000),
  AML_SHARED_PHONE_WINDOW_DAYS: int(90, 1, 3650),
  AML_SCAN_INTERVAL_MS: int(10_000, 0, 3_600_000),
  AML_SCAN_BATCH: int(500, 1, 10_000),
  /**
   * goAML reports (the FRC's portal): the reporting entity's id there (unset: reports refused,
   * 409 GOAML_NOT_CONFIGURED), its branch, and the reporting person (the compliance officer).
   */
  GOAML_RENTITY_ID: int(0, 0, 2_147_483_647),
  GOAML_RENTITY_BRANCH: optionalString,
  GOAML_REPORTING_PERSON_FIRST_NAME: optionalString,
  GOAML_REPORTING_PERSON_LAST_NAME: optionalString,
  GOAML_REPORTING_PERSON_EMAIL: optionalString,
  GOAML_REPORTING_PERSON_OCCUPATION: optionalString,
});
export type AmlConfig = ConfigOf<typeof AmlConfig>;
