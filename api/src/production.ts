/**
 * What production mode adds to the environment's checks (docs/decisions/032-secrets-proxies-production.md;
 * the older ones are in startup.ts, decision 015): the settings a production server refuses to
 * start with (the defaults that differ in production are deployment-defaults.ts). Messages name
 * the variable, never a secret's value.
 */
import { DARAJA_SANDBOX_URL } from './deployment-defaults.js';
import type { EnvConfig } from './env.js';

/** The operators' metrics token (decision 044): longer than the other secrets' floor, set by hand. */
const MIN_METRICS_TOKEN_LENGTH = 32;

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** Production only: a public http URL, an implicit sandbox, trusting every proxy, foreign frames. */
export function deploymentProblems(config: EnvConfig): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!config.PUBLIC_BASE_URL.startsWith('https://'))
    problems.push(
      `PUBLIC_BASE_URL=${config.PUBLIC_BASE_URL}: game links and payment callbacks must be https; set PUBLIC_BASE_URL=https://…`,
    );
  if (config.PAYMENT_PROVIDER === 'daraja' && !config.DARAJA_BASE_URL)
    problems.push(
      `DARAJA_BASE_URL is not set: production never falls back to the sandbox; set https://api.safaricom.co.ke (or name ${DARAJA_SANDBOX_URL} to use it)`,
    );
  if (config.TRUST_PROXY === true)
    problems.push(
      'TRUST_PROXY=true believes X-Forwarded-For from anyone; give the proxies it comes through (TRUST_PROXY=10.0.0.5 or 10.0.0.0/8)',
    );
  // The regulator's feed carries every player's money movements (decision 042).
  if (config.REGULATOR_FEED_URL && !config.REGULATOR_FEED_URL.startsWith('https://'))
    problems.push('REGULATOR_FEED_URL must be https in production: the feed carries every money movement');
  // Whoever holds it reads the money moved and the queues (decision 044).
  if (config.METRICS_TOKEN !== undefined && config.METRICS_TOKEN.length < MIN_METRICS_TOKEN_LENGTH)
    problems.push(
      `METRICS_TOKEN is too short: at least ${MIN_METRICS_TOKEN_LENGTH} characters in production; generate one (openssl rand -base64 32)`,
    );
  // Staff members' TOTP secrets are encrypted with it; never derived from another secret (decision 052).
  if (!config.STAFF_TOTP_KEY)
    problems.push(
      'STAFF_TOTP_KEY is not set: staff two-factor secrets are encrypted with it; generate one (openssl rand -base64 32)',
    );
  const site = originOf(config.PUBLIC_BASE_URL);
  const foreign = config.GAME_FRAME_ANCESTORS.split(/\s+/).filter(
    (source) => source && source !== "'self'" && source !== "'none'" && source !== site,
  );
  if (foreign.length > 0)
    problems.push(
      `GAME_FRAME_ANCESTORS names ${foreign.join(' ')}: in production only the site's own origin may frame the game ('self' or ${site})`,
    );
  return problems;
}

const MIN_SECRET_LENGTH = 24;
const MIN_SECRET_DISTINCT = 10;
const MIN_SECRET_BITS = 80;

/**
 * A floor, not a proof: the secret's length times the entropy of its character frequencies.
 * Random base64 of 32 bytes gives about 200; `aaaa…` 0; `abab…` 1 per character.
 */
function estimatedBits(value: string): number {
  const chars = [...value];
  const counts = new Map<string, number>();
  for (const ch of chars) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const count of counts.values()) perChar -= (count / chars.length) * Math.log2(count / chars.length);
  return chars.length * perChar;
}

/** Production only: each secret long enough and not made of a few repeated characters. */
export function weakSecretProblems(
  config: Pick<EnvConfig, 'NODE_ENV'>,
  secrets: Record<string, string | undefined>,
): string[] {
  if (config.NODE_ENV !== 'production') return [];
  return Object.entries(secrets).flatMap(([key, value]) => {
    if (value === undefined) return [];
    const weak =
      value.length < MIN_SECRET_LENGTH ||
      new Set(value).size < MIN_SECRET_DISTINCT ||
      estimatedBits(value) < MIN_SECRET_BITS;
    return weak
      ? [
          `${key} is too weak: at least ${MIN_SECRET_LENGTH} characters, ${MIN_SECRET_DISTINCT} different ones and about ${MIN_SECRET_BITS} bits; generate one (openssl rand -base64 32)`,
        ]
      : [];
  });
}
