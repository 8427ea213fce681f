/** Page cursors of the staff player reads: `[number, string]` as base64url JSON, opaque to clients. */
import { badRequest } from '../../lib/errors.js';

export const encodeCursor = (at: number, id: string): string =>
  Buffer.from(JSON.stringify([at, id])).toString('base64url');

/** 400 INVALID_CURSOR for anything that is not a cursor this API gave. */
export function decodeCursor(token: string | undefined): { at: number; id: string } | undefined {
  if (token === undefined) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'number' && Number.isSafeInteger(at) && typeof id === 'string' && id.length <= 100)
      return { at, id };
  } catch {}
  throw badRequest('Invalid cursor: use the next_cursor of a previous page', 'INVALID_CURSOR');
}
