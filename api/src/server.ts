import { buildApp } from './app.js';
import type { Database } from './db/database.js';
import { type Env, EnvError } from './env.js';
import { prepareStart } from './startup.js';

let env: Env;
let database: Database;
try {
  // Validates the environment, migrates the database and resolves the shared secrets; with
  // NODE_ENV=production it refuses unsafe settings (README, "Production mode").
  ({ env, database } = await prepareStart());
} catch (err) {
  if (err instanceof EnvError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

// The app closes the database itself, once its jobs have stopped and given up their leases.
const app = buildApp(env, { database, closeDatabase: true });
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop accepting, let in-flight requests finish, then close jobs and the database.
  const force = setTimeout(() => {
    app.log.error('forced exit after 10 s');
    process.exit(1);
  }, 10_000);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.ready();
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    {
      database: env.DATABASE_URL ? 'postgres' : 'sqlite',
      payments: env.PAYMENT_PROVIDER,
      otpMode: env.OTP_MODE,
      publicBaseUrl: env.PUBLIC_BASE_URL,
    },
    'mchezo api ready',
  );
} catch (err) {
  app.log.fatal({ err }, 'failed to start');
  process.exit(1);
}
