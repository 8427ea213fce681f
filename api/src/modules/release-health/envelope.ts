import { nestedDeeperThan } from '../../lib/json-depth.js';

/**
 * Sentry's envelope format (what the browser SDK posts to its `tunnel`): a JSON header line, then
 * items, each a JSON item header line and a payload: `length` bytes when the item header gives a
 * length, else the rest of the line. https://develop.sentry.dev/sdk/envelopes/
 */
interface EnvelopeItem {
  header: Record<string, unknown>;
  payload: Buffer;
}

interface Envelope {
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

const NEWLINE = 0x0a;

/**
 * The deepest nesting an envelope's JSON may have. The SDK normalises what it sends to a few
 * levels; anything deeper only exists to exhaust the stack of whatever walks it (a report nested
 * 7,000 deep once made `JSON.stringify` overflow), and the scrubber reaches this deep, no deeper.
 */
export const EVENT_MAX_DEPTH = 12;

function jsonObject(bytes: Buffer): Record<string, unknown> | null {
  const text = bytes.toString('utf8');
  if (nestedDeeperThan(text, EVENT_MAX_DEPTH)) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The envelope, or null when the body is not one (a header or an item header is not JSON or nests too deep, a length overruns). */
export function parseEnvelope(body: Buffer): Envelope | null {
  let pos = 0;
  const line = (): Buffer => {
    const end = body.indexOf(NEWLINE, pos);
    const bytes = body.subarray(pos, end === -1 ? body.length : end);
    pos = end === -1 ? body.length : end + 1;
    return bytes;
  };
  const header = jsonObject(line());
  if (!header) return null;
  const items: EnvelopeItem[] = [];
  while (pos < body.length) {
    const raw = line();
    if (raw.length === 0) continue;
    const itemHeader = jsonObject(raw);
    if (!itemHeader || typeof itemHeader.type !== 'string') return null;
    const { length } = itemHeader;
    let payload: Buffer;
    if (typeof length === 'number') {
      if (!Number.isInteger(length) || length < 0 || pos + length > body.length) return null;
      payload = body.subarray(pos, pos + length);
      pos += length;
      if (body[pos] === NEWLINE) pos++;
    } else {
      payload = line();
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}

/** An envelope of JSON items, as Sentry accepts it (item lengths left out: each payload is one line). */
export function serializeEnvelope(
  header: Record<string, unknown>,
  items: { type: string; payload: unknown }[],
) {
  const lines = [JSON.stringify(header)];
  for (const item of items) lines.push(JSON.stringify({ type: item.type }), JSON.stringify(item.payload));
  return `${lines.join('\n')}\n`;
}

/** `https://KEY@HOST/PROJECT` → the project's envelope endpoint with the key as a query parameter. */
export function envelopeEndpoint(dsn: string): string {
  const url = new URL(dsn);
  const project = url.pathname.split('/').filter(Boolean).pop() ?? '';
  const path = url.pathname.slice(0, url.pathname.lastIndexOf('/'));
  return `${url.protocol}//${url.host}${path}/api/${project}/envelope/?sentry_key=${encodeURIComponent(url.username)}&sentry_version=7`;
}
