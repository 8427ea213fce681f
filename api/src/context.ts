import type { FastifyBaseLogger } from 'fastify';
import type { IdentityChecker } from './adapters/identity/identity-checker.js';
import type { PaymentProvider } from './adapters/payments/payment-provider.js';
import type { SmsSender } from './adapters/sms/sms-sender.js';
import type { Database } from './db/database.js';
import type { Env } from './env.js';
import type { Clock } from './lib/time.js';

/** What every module service gets: configuration, the database and the adapters. */
export interface AppContext {
  env: Env;
  database: Database;
  clock: Clock;
  sms: SmsSender;
  payments: PaymentProvider;
  identity: IdentityChecker;
  log: FastifyBaseLogger;
}
