/**
 * Web vitals' names and bounds (docs/decisions/051-web-vitals-per-version.md), zod-free so the
 * shell's reporter can use them without bringing the schemas into the browser: LCP and INP in
 * whole milliseconds, 0-60 s; CLS in thousandths, 0-10.
 */
export const VITAL_METRICS = ['lcp', 'inp', 'cls'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];
export const VITAL_MAX: Record<VitalMetric, number> = { lcp: 60_000, inp: 60_000, cls: 10_000 };
