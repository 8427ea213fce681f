/**
 * Zod-free constants of `/api/v1/staff/identity-checks`, `/api/v1/staff/self-exclusions`
 * (staff-compliance.ts) and `/api/v1/aml/alerts` and `/aml/cases` (aml.ts), for the staff site.
 */

/** The refusals compliance may give an identity check: the register's own reasons, as players read them. */
export const IDENTITY_REJECT_CODES = ['NOT_FOUND', 'NAME_MISMATCH', 'DETAILS_MISMATCH'] as const;
export type IdentityRejectCode = (typeof IDENTITY_REJECT_CODES)[number];

/** Identity checks per page. */
export const IDENTITY_CHECKS_PAGE = 50;
/** Self-exclusion register rows per page, and the most one CSV holds. */
export const SELF_EXCLUSIONS_PAGE = 50;
export const SELF_EXCLUSIONS_CSV_MAX_ROWS = 50_000;

export const RESTRICTION_KINDS = ['time_out', 'self_exclusion'] as const;
export type RestrictionKind = (typeof RESTRICTION_KINDS)[number];

/** The money-laundering rules (decision 043), their severities and a case's statuses. */
export const AML_RULES = [
  'large_transaction',
  'structuring',
  'stake_little',
  'rapid_in_out',
  'shared_payout_phone',
] as const;
export const AML_SEVERITIES = ['medium', 'high'] as const;
export const AML_CASE_STATUSES = ['open', 'reviewing', 'reported', 'dismissed'] as const;
/** Money-laundering alerts per page. */
export const AML_ALERTS_PAGE = 50;
/** Money-laundering cases per page. */
export const AML_CASES_PAGE = 50;
/** The cases list's status filter: a case status, or `active` (open or reviewing: the desk's work). */
export const AML_CASE_FILTER_STATUSES = ['active', ...AML_CASE_STATUSES] as const;
/** The cases list's order by the time a case was opened (`oldest`: the desk's queue, the default). */
export const AML_CASE_ORDERS = ['oldest', 'newest'] as const;
