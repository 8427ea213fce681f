/**
 * The pieces every staff contract shares (staff-players.ts, staff-compliance.ts, aml.ts): an id in
 * a path, the reason every staff change gives, a page cursor and the page it comes back with, and
 * money in integer cents.
 */
import { z } from 'zod';

export const Id = z.string().regex(/^[0-9a-f-]{8,64}$/, 'must be an id');

/** Why: every staff change says it (the staff audit keeps it). */
export const Reason = z.string().trim().min(3, 'Say why (3 characters or more)').max(2000);

/** A `next_cursor` the API gave (keyset, opaque). */
export const Cursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor from a previous page');

/** An amount of money in integer cents. */
export const Cents = z.number().int();

/** A page of a list: its rows under `key`, and the cursor of the next page (null on the last). */
export const pageOf = <K extends string, T extends z.ZodType>(key: K, row: T) =>
  z.object({ [key]: z.array(row), next_cursor: z.string().nullable() } as Record<K, z.ZodArray<T>> & {
    next_cursor: z.ZodNullable<z.ZodString>;
  });
