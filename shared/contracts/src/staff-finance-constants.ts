// Plain values (no zod) the staff site imports: the bounds of an adjustment and of the finance report, and the report's figures.

/** The largest manual adjustment either way, in cents: KSh 1,000,000.00 (docs/decisions/055). */
export const ADJUSTMENT_MAX_CENTS = 100_000_000;

export const FINANCE_REPORT_MAX_DAYS = 366;
export const FINANCE_REPORT_MAX_MONTHS = 36;

/** The finance report's figures per period, in this order (table columns, CSV columns). */
export const FINANCE_FIGURES = [
  'deposits',
  'withdrawals',
  'stakes',
  'wins',
  'ggr',
  'excise',
  'withholding',
  'adjustments',
  'ngr',
] as const;
export type FinanceFigureName = (typeof FINANCE_FIGURES)[number];
