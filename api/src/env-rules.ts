/**
 * The environment's rules across variables (env.ts applies them after each variable parsed):
 * what lets a test steer money or luck must never be switched on in a deployed server, and
 * settings that need another. Production's own refusals are production.ts.
 */
import type { z } from 'zod';

/** The parsed variables the rules read. */
interface RuledVariables {
  NODE_ENV: 'development' | 'production' | 'test';
  ACCESS_TOKEN_TTL_SECONDS: number;
  DEMO_GAME_SEED?: number | undefined;
  SIMULATOR_TEST_CONTROL: boolean;
  PAYMENT_PROVIDER: string;
  TAX_WITHHOLDING_BASE: string;
  IDENTITY_PROVIDER: string;
  IDENTITY_REGISTRY_URL?: string | undefined;
  IDENTITY_REGISTRY_API_KEY?: string | undefined;
  REGULATOR_FEED_SIMULATOR?: boolean | undefined;
  REGULATOR_FEED_URL?: string | undefined;
  REGULATOR_FEED_SECRET?: string | undefined;
}

export function crossVariableIssues(env: RuledVariables, ctx: z.RefinementCtx): void {
  if (env.ACCESS_TOKEN_TTL_SECONDS < 30 && env.NODE_ENV !== 'test')
    ctx.addIssue({
      code: 'custom',
      path: ['ACCESS_TOKEN_TTL_SECONDS'],
      message: 'must be at least 30 (shorter is for tests only, NODE_ENV=test)',
    });
  if (env.DEMO_GAME_SEED !== undefined && env.NODE_ENV !== 'test')
    ctx.addIssue({
      code: 'custom',
      path: ['DEMO_GAME_SEED'],
      message: 'is for tests only (needs NODE_ENV=test)',
    });
  // `npm start` (development) turns it on too, so a Paybill payment can be faked locally.
  if (env.SIMULATOR_TEST_CONTROL && env.NODE_ENV !== 'test' && env.NODE_ENV !== 'development')
    ctx.addIssue({
      code: 'custom',
      path: ['SIMULATOR_TEST_CONTROL'],
      message: 'is for development and tests only (needs NODE_ENV=development or test)',
    });
  if (env.TAX_WITHHOLDING_BASE === 'net_winnings')
    ctx.addIssue({
      code: 'custom',
      path: ['TAX_WITHHOLDING_BASE'],
      message: 'net_winnings is not supported yet: use withdrawal (the amount withdrawn)',
    });
  if (env.IDENTITY_PROVIDER === 'registry') {
    for (const key of ['IDENTITY_REGISTRY_URL', 'IDENTITY_REGISTRY_API_KEY'] as const)
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'is needed with IDENTITY_PROVIDER=registry' });
  }
  // Documents and dates of birth travel to the registry encrypted; plain http only to a local fake.
  if (env.IDENTITY_REGISTRY_URL?.startsWith('http://') && env.NODE_ENV === 'production')
    ctx.addIssue({ code: 'custom', path: ['IDENTITY_REGISTRY_URL'], message: 'must be https in production' });
  if (env.REGULATOR_FEED_SIMULATOR && env.NODE_ENV !== 'test' && env.NODE_ENV !== 'development')
    ctx.addIssue({
      code: 'custom',
      path: ['REGULATOR_FEED_SIMULATOR'],
      message: 'is for development and tests only (needs NODE_ENV=development or test)',
    });
  if (env.REGULATOR_FEED_URL && !env.REGULATOR_FEED_SECRET)
    ctx.addIssue({
      code: 'custom',
      path: ['REGULATOR_FEED_SECRET'],
      message: 'is needed with REGULATOR_FEED_URL (the batches are signed with it)',
    });
  if (env.SIMULATOR_TEST_CONTROL && env.PAYMENT_PROVIDER !== 'simulator')
    ctx.addIssue({
      code: 'custom',
      path: ['SIMULATOR_TEST_CONTROL'],
      message: 'needs PAYMENT_PROVIDER=simulator',
    });
}
