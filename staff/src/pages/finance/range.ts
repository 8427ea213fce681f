/** The report's range: East Africa Time calendar days, the last 30 days by default. */
import type { ReportRange } from '../../api/finance.ts';
import { eatDay } from '../../components/format.ts';

export const defaultRange = (): ReportRange => ({ period: 'day', from: eatDay(-29), to: eatDay(0) });
