/** The report's range: East Africa Time calendar days, the last 30 days by default. */
import type { ReportRange } from '../../api/finance.ts';

const EAT_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

/** The EAT calendar day `daysAgo` days before today, YYYY-MM-DD. */
export const eatDayAgo = (daysAgo: number, now = Date.now()) =>
  new Date(now + EAT_OFFSET_MS - daysAgo * DAY_MS).toISOString().slice(0, 10);

export const defaultRange = (): ReportRange => ({ period: 'day', from: eatDayAgo(29), to: eatDayAgo(0) });
