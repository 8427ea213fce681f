import { z } from 'zod';

/**
 * Any JSON value (a stored before/after, an event's fields, a provider's acknowledgement). One
 * registered schema with an id: it is recursive, so the OpenAPI document can only refer to it as a
 * component (api/src/app.ts), never write it inline.
 */
export const JsonValue = z.json().meta({ id: 'JsonValue', description: 'Any JSON value' });
export type JsonValue = z.infer<typeof JsonValue>;
