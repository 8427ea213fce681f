/**
 * The settings whose default depends on NODE_ENV (docs/decisions/032-secrets-proxies-production.md).
 * Apart from production.ts, which judges the finished configuration, so env.ts can apply them
 * without the two importing each other.
 */

export const DARAJA_SANDBOX_URL = 'https://sandbox.safaricom.co.ke';
/** Local dev servers (the shell's on :3000) may frame the demo game outside production. */
const DEV_FRAME_ANCESTORS = "'self' http://localhost:* http://127.0.0.1:*";

interface DefaultsInput {
  NODE_ENV: 'development' | 'production' | 'test';
  DARAJA_BASE_URL?: string | undefined;
  GAME_FRAME_ANCESTORS?: string | undefined;
  API_DOCS_PUBLIC?: boolean | undefined;
}

export function deploymentDefaults(parsed: DefaultsInput) {
  const production = parsed.NODE_ENV === 'production';
  return {
    // Never the sandbox by default in production: an empty URL is refused (production.ts).
    DARAJA_BASE_URL: parsed.DARAJA_BASE_URL ?? (production ? '' : DARAJA_SANDBOX_URL),
    GAME_FRAME_ANCESTORS: parsed.GAME_FRAME_ANCESTORS ?? (production ? "'self'" : DEV_FRAME_ANCESTORS),
    API_DOCS_PUBLIC: parsed.API_DOCS_PUBLIC ?? !production,
  };
}
export type DeploymentDefaults = ReturnType<typeof deploymentDefaults>;
