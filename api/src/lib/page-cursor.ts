/** Keyset page cursors: `[number, string]` (a time and an id) as base64url JSON, opaque to clients. */
import { refuse } from './errors.js';

export const encodePageCursor = (at: number, id: string): string =>
  Buffer.from(JSON.stringify([at, id])).toString('base64url');

/** 400 INVALID_CURSOR for anything that is not a cursor this API gave. */
export function decodePageCursor(token: string | undefined): { at: number; id: string } | undefined {
  if (token === undefined) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'number' && Number.isSafeInteger(at) && typeof id === 'string' && id.length <= 100)
      return { at, id };
  } catch {}
  throw refuse('INVALID_CURSOR', 'Invalid cursor: use the next_cursor of a previous page');
}
