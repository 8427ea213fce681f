import type { IdentityChecker } from './identity-checker.js';
import { RegistryIdentityChecker } from './registry.js';
import { SimulatorIdentityChecker } from './simulator.js';

/** The identity-check adapter IDENTITY_PROVIDER names (env.ts checks the registry's settings). */
/** The variables that choose and reach the identity registry. */
interface IdentityCheckerConfig {
  IDENTITY_PROVIDER: 'simulator' | 'registry';
  IDENTITY_REGISTRY_URL?: string | undefined;
  IDENTITY_REGISTRY_API_KEY?: string | undefined;
  IDENTITY_TIMEOUT_MS: number;
}

export function createIdentityChecker(env: IdentityCheckerConfig): IdentityChecker {
  if (env.IDENTITY_PROVIDER === 'registry') {
    if (!env.IDENTITY_REGISTRY_URL || !env.IDENTITY_REGISTRY_API_KEY)
      throw new Error('IDENTITY_PROVIDER=registry needs IDENTITY_REGISTRY_URL and IDENTITY_REGISTRY_API_KEY');
    return new RegistryIdentityChecker({
      url: env.IDENTITY_REGISTRY_URL,
      apiKey: env.IDENTITY_REGISTRY_API_KEY,
      timeoutMs: env.IDENTITY_TIMEOUT_MS,
    });
  }
  return new SimulatorIdentityChecker();
}
