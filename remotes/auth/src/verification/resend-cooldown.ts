import { OTP_RESEND_COOLDOWN_SECONDS } from '@mchezo/contracts/auth-constants';
import { useCallback, useEffect, useState } from 'react';

/** Codes are rate-limited per phone and per purpose on the server; so is the cooldown here. */
type CodePurpose = 'verify' | 'reset';

/**
 * When the next code may be asked for, per purpose and phone. Kept in session storage so the
 * countdown survives moving from the join form or the login page to /verify, and a reload,
 * without sending a second code early; in memory when storage is off.
 */
const memory = new Map<string, number>();
const keyOf = (purpose: CodePurpose, phone: string) => `auth.resendAvailableAt.${purpose}.${phone}`;

function readAvailableAt(purpose: CodePurpose, phone: string | null): number {
  if (!phone) return 0;
  const key = keyOf(purpose, phone);
  try {
    return Number(sessionStorage.getItem(key)) || 0;
  } catch {
    return memory.get(key) ?? 0;
  }
}

function writeAvailableAt(purpose: CodePurpose, phone: string, at: number): void {
  const key = keyOf(purpose, phone);
  try {
    if (at > 0) sessionStorage.setItem(key, String(at));
    else sessionStorage.removeItem(key);
  } catch {
    memory.set(key, at);
  }
}

/** Records that a code was just sent, so the next screen starts its countdown where it is. */
export function markCodeSent(purpose: CodePurpose, phone: string): void {
  writeAvailableAt(purpose, phone, Date.now() + OTP_RESEND_COOLDOWN_SECONDS * 1000);
}

/** True when a code for this phone was sent less than the cooldown ago. */
export function isCoolingDown(purpose: CodePurpose, phone: string): boolean {
  return readAvailableAt(purpose, phone) > Date.now();
}

/**
 * The resend countdown (docs/product-rules.md#one-time-codes): `start()` when a code is asked
 * for, `reset()` when asking failed, so the player may try again at once.
 */
export function useResendCooldown(purpose: CodePurpose, phone: string | null) {
  const [availableAt, setAvailableAt] = useState(() => readAvailableAt(purpose, phone));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    setAvailableAt(readAvailableAt(purpose, phone));
    setNow(Date.now());
  }, [purpose, phone]);

  useEffect(() => {
    if (availableAt <= Date.now()) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= availableAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [availableAt]);

  const start = useCallback(() => {
    if (!phone) return;
    markCodeSent(purpose, phone);
    setAvailableAt(readAvailableAt(purpose, phone));
    setNow(Date.now());
  }, [purpose, phone]);

  const reset = useCallback(() => {
    if (phone) writeAvailableAt(purpose, phone, 0);
    setAvailableAt(0);
  }, [purpose, phone]);

  return { secondsLeft: Math.max(0, Math.ceil((availableAt - now) / 1000)), start, reset };
}
