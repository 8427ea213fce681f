/**
 * The tables of the infrastructure below the modules (db/, lib/, adapters/), made by the
 * migrations in ./migrations/ (and leases by 0013_canary_plans); part of `DB` in ./schema.ts.
 */
export interface InfrastructureTables {
  secrets: SecretsTable;
  leases: LeasesTable;
  rate_limits: RateLimitsTable;
  simulator_payments: SimulatorPaymentsTable;
}

/** Secrets not set in the environment, shared by every instance (src/db/secrets.ts). */
interface SecretsTable {
  name: string;
  value: string;
  created_at: number;
}

/** Which instance does a job that runs on one instance at a time (./leases.ts). */
interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** Fixed-window counts (lib/window-counter.ts), which auth, wallet and release health keep. */
interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

/**
 * The payment simulator's answers still to come (docs/decisions/035-surviving-faults.md): one row
 * per payment it accepted with a callback to send, due `SIMULATOR_DELAY_MS` later. Kept in the
 * database rather than in the accepting process, so any API instance on the database sends it
 * when due, also after the instance that accepted it stopped. Deleted once delivered.
 */
export interface SimulatorPaymentsTable {
  /** `SIM-<transaction id>`. */
  provider_ref: string;
  kind: 'deposit' | 'payout';
  phone: string;
  /** The callback the simulator sends: Daraja's result code and text, the receipt on success. */
  result_code: number;
  result_desc: string;
  receipt: string | null;
  /** When the callback is due (epoch ms); null while a test holds the phone (SIMULATOR_TEST_CONTROL). */
  due_at: number | null;
  /** An instance delivering it has it until then (epoch ms; 0: nobody); after that it is due again. */
  claimed_until: number;
}
