/**
 * The page proves it was loaded (docs/decisions/060-health-counts-people.md): release health
 * counts a browser's loads, render errors and vitals only once one of its pages has found the
 * proof of work its load ticket asks for. Once a remote has loaded and the browser is idle, the
 * shell asks for its ticket's challenge, searches for the nonce with WebCrypto (yielding to the
 * page between rounds, so a tap is never held up), and sends it. Once per document; a failure is
 * silent (the page works the same, its figures just wait for the next page view's proof).
 */
import { API_BASE } from '@mchezo/api-client/client';
import { proofInput, startsWithZeroBits } from '@mchezo/contracts/load-proof';
import type { LoadChallenge } from '@mchezo/contracts/release-health';
import { whenIdle } from '../errors/when-idle.ts';

const CHALLENGE_URL = `${API_BASE}/releases/health/challenge`;
const PROOF_URL = `${API_BASE}/releases/health/proof`;
/** Hashes tried between two yields to the page. */
const ROUND = 256;

let started = false;

/** The first nonce (0, 1, 2… in base 36) for which sha256(`challenge:nonce`) starts with `bits` zero bits. */
export async function findNonce(challenge: string, bits: number): Promise<string> {
  const encoder = new TextEncoder();
  for (let n = 0; ; n++) {
    const nonce = n.toString(36);
    const digest = await crypto.subtle.digest('SHA-256', encoder.encode(proofInput(challenge, nonce)));
    if (startsWithZeroBits(new Uint8Array(digest), bits)) return nonce;
    if (n % ROUND === ROUND - 1) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

async function prove(): Promise<void> {
  const res = await fetch(CHALLENGE_URL, { cache: 'no-store' });
  if (!res.ok) return;
  const { challenge, bits } = (await res.json()) as LoadChallenge;
  if (!challenge) return;
  const nonce = await findNonce(challenge, bits);
  await fetch(PROOF_URL, {
    method: 'POST',
    body: JSON.stringify({ nonce }),
    keepalive: true,
    headers: { 'content-type': 'application/json' },
  });
}

/** Proves this page view's load, once, when the browser is idle. */
export function proveLoad(): void {
  if (started) return;
  started = true;
  whenIdle(() => void prove().catch(() => {}));
}
