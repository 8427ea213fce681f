/**
 * One Idempotency-Key per submission: the same key never moves money twice
 * (docs/product-rules.md#idempotency).
 *
 * A submission is the same one while its amount and phone are unchanged and the server has not
 * answered it: a tap after a lost connection or a 5xx (outcome unknown) re-sends the SAME key,
 * so the server answers with the first transaction instead of creating a second. Once the
 * server has answered (accepted or refused), the next tap is a new submission with a new key.
 */
import { ApiError } from '@mchezo/api-client/errors';
import { useRef } from 'react';

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not (a page on plain http).
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0'));
  return hex.join('');
}

/** True when the server may or may not have acted: no answer, or a server error. */
export function outcomeUnknown(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

export function useSubmissionKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return useRef({
    /** The key for this submission: the previous one while it is being retried unchanged. */
    keyFor(fingerprint: string): string {
      if (current.current?.fingerprint !== fingerprint) {
        current.current = { fingerprint, key: newIdempotencyKey() };
      }
      return current.current.key;
    },
    /** After an answer or refusal: the next tap is a new submission. */
    done(error?: unknown): void {
      if (error === undefined || !outcomeUnknown(error)) current.current = null;
    },
  }).current;
}
