// Child process of bench.ts: the API (SQLite in a temp DATA_DIR, or PostgreSQL) and a bare Fastify route,
// in one process, so both share the same runtime and the comparison is fair.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { prepareStart } from '../src/startup.js';

const { env, database } = await prepareStart();
const app = buildApp(env, { database });
app.addHook('onClose', () => database.close());
await app.ready();
await app.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
// The floor for any route that reads the database: the bare route plus one `select 1` through the
// API's own connection (SQLite) or pool (PostgreSQL).
bare.get('/bare/db', async () => {
  await sql`select 1`.execute(database.db);
  return { ok: true };
});
await bare.listen({ port: 0, host: '127.0.0.1' });
const port = (f: typeof bare) => (f.server.address() as { port: number }).port;
process.stdout.write(
  `${JSON.stringify({ apiPort: port(app as unknown as typeof bare), barePort: port(bare) })}\n`,
);
const stop = async () => {
  await Promise.all([app.close(), bare.close()]);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
