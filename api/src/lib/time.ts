export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };
export const iso = (ms: number): string => new Date(ms).toISOString();

/** Kenya's time (Africa/Nairobi, East Africa Time): UTC+3 all year, no daylight saving. */
export const EAT_OFFSET_MS = 3 * 3_600_000;
/** The EAT calendar day of an instant, as YYYY-MM-DD. */
export const eatDay = (ms: number) => new Date(ms + EAT_OFFSET_MS).toISOString().slice(0, 10);
/** Midnight EAT starting a YYYY-MM-DD day, in epoch ms. */
export const eatMidnight = (day: string) => Date.parse(`${day}T00:00:00.000Z`) - EAT_OFFSET_MS;
/** An instant in East Africa Time, ISO 8601 with its offset. */
export const eatIso = (ms: number) => `${new Date(ms + EAT_OFFSET_MS).toISOString().slice(0, 19)}+03:00`;
