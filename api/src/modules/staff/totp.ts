/**
 * The second factor's pieces (docs/decisions/052-staff-accounts-two-factors.md): TOTP by RFC 6238
 * as every authenticator app takes it (SHA-1, 6 digits, 30 s) through the `otpauth` library, the
 * QR code of its otpauth:// URI through `qrcode`, the secret's encryption at rest (AES-256-GCM)
 * and the recovery codes. Nothing here logs or keeps a secret.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { sha256 } from '../../lib/crypto.js';

export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Codes of the step before and after now are taken too: a phone's clock a little off. */
export const TOTP_DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;

/** The AES-256 key from STAFF_TOTP_KEY (or, outside production, JWT_SECRET): HKDF-SHA-256. */
export function totpKey(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'mchezo', 'staff-totp-secret v1', 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function encryptSecret(key: Buffer, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('Unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

const totpOf = (base32: string, label = 'staff', issuer = 'Mchezo') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });

/** A new 160-bit secret (RFC 4226's recommended length), its URI and the URI's QR code as SVG. */
export async function newTotpSecret(
  label: string,
  issuer: string,
): Promise<{ base32: string; uri: string; svg: string }> {
  const base32 = new Secret({ size: 20 }).base32;
  const uri = totpOf(base32, label, issuer).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { base32, uri, svg };
}

/** The 30-second step a code matches at `now` (within the drift window), or null. */
export function matchingStep(base32: string, code: string, now: number): number | null {
  const totp = totpOf(base32);
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Ten codes of 10 characters (50 bits each), shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** What is stored of a recovery code: case, spaces and dashes do not matter. */
export const recoveryCodeHash = (code: string): string =>
  sha256(`staff-recovery:${code.toLowerCase().replace(/[\s-]/g, '')}`);

/** An enrolment code: 12 characters (60 bits), shown as `xxxx-xxxx-xxxx`. */
export function newEnrolmentCode(): string {
  const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** What is stored of an enrolment code: case, spaces and dashes do not matter. */
export const enrolmentCodeHash = (code: string): string =>
  sha256(`staff-enrolment:${code.toLowerCase().replace(/[\s-]/g, '')}`);
