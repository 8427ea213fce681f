/**
 * Calendar windows in Kenya time (Africa/Nairobi, UTC+3 all year, no daylight saving): a day
 * from 00:00, a week from Monday 00:00, a month from the 1st at 00:00
 * (docs/decisions/020-safer-gambling.md).
 */
import type {
  DepositLimitPeriod,
  SelfExclusionLength,
  TimeOutLength,
} from '@mchezo/contracts/safer-gambling';
import { EAT_OFFSET_MS } from '../../lib/time.js';

export const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The instant the calendar `period` holding `now` started, in epoch ms. */
export function periodStart(period: DepositLimitPeriod, now: number): number {
  const dayStart = Math.floor((now + EAT_OFFSET_MS) / DAY_MS) * DAY_MS - EAT_OFFSET_MS;
  if (period === 'day') return dayStart;
  const local = new Date(now + EAT_OFFSET_MS);
  if (period === 'week') return dayStart - ((local.getUTCDay() + 6) % 7) * DAY_MS;
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - EAT_OFFSET_MS;
}

/** The instant the calendar `period` holding `now` ends (the next one starts). */
export function periodEnd(period: DepositLimitPeriod, now: number): number {
  const start = periodStart(period, now);
  if (period === 'day') return start + DAY_MS;
  if (period === 'week') return start + 7 * DAY_MS;
  return addMonths(start, 1);
}

/** `months` calendar months after `from` (Kenya time); a missing day runs into the next month. */
function addMonths(from: number, months: number): number {
  const local = new Date(from + EAT_OFFSET_MS);
  local.setUTCMonth(local.getUTCMonth() + months);
  return local.getTime() - EAT_OFFSET_MS;
}

/** When a time-out or self-exclusion of `length` taken at `from` ends. */
export function restrictionEnd(length: TimeOutLength | SelfExclusionLength, from: number): number {
  switch (length) {
    case '24h':
      return from + DAY_MS;
    case '7d':
      return from + 7 * DAY_MS;
    case '30d':
      return from + 30 * DAY_MS;
    case '6m':
      return addMonths(from, 6);
    case '1y':
      return addMonths(from, 12);
    case '5y':
      return addMonths(from, 60);
  }
}

const KENYA_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  dateStyle: 'long',
  timeStyle: 'short',
});
/** "25 November 2026 at 19:30 (Kenya time)": the end date in the API's English messages. */
export const kenyaTime = (ms: number) => `${KENYA_TIME.format(new Date(ms))} (Kenya time)`;
