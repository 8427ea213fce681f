/**
 * The page proves it was loaded (docs/decisions/060-health-counts-people.md): release health
 * counts a browser's loads, render errors and vitals only once one of its pages has found the
 * proof of work the server asks of it. As the page starts (and again once a remote has loaded,
 * if the first try had no ticket yet), the shell asks for its challenge, searches for the nonce
 * with WebCrypto, yielding to the page between rounds so rendering and taps go first, and sends
 * it (keepalive: it arrives even if the page is left meanwhile). Once a page view; a failure is
 * silent (the page works the same, its figures just wait for the next page view's proof).
 */
import { API_BASE } from '@mchezo/api-client/client';
import { proofInput, startsWithZeroBits } from '@mchezo/contracts/load-proof';
import type { LoadChallenge } from '@mchezo/contracts/release-health';

const CHALLENGE_URL = `${API_BASE}/releases/health/challenge`;
const PROOF_URL = `${API_BASE}/releases/health/proof`;
/** Hashes tried between two yields to the page. */
const ROUND = 256;

/** `idle`: not tried, or tried without a ticket (worth another try); `busy`; `done`. */
let state: 'idle' | 'busy' | 'done' = 'idle';

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

/** Whether a proof went out (false: no ticket to prove for yet). */
async function prove(): Promise<boolean> {
  const res = await fetch(CHALLENGE_URL, { cache: 'no-store' });
  if (!res.ok) return false;
  const { challenge, bits } = (await res.json()) as LoadChallenge;
  if (!challenge) return false;
  const nonce = await findNonce(challenge, bits);
  await fetch(PROOF_URL, {
    method: 'POST',
    body: JSON.stringify({ nonce }),
    keepalive: true,
    headers: { 'content-type': 'application/json' },
  });
  return true;
}

/** Proves this page view's load, once (a call while one runs, or after one went out, does nothing). */
export function proveLoad(): void {
  if (state !== 'idle') return;
  state = 'busy';
  prove().then(
    (sent) => {
      state = sent ? 'done' : 'idle';
    },
    () => {
      state = 'idle';
    },
  );
}
