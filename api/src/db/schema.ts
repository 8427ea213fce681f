import type { AmlTables } from '../modules/aml/aml.tables.js';
import type { AuthTables } from '../modules/auth/auth.tables.js';
import type { CasinoTables } from '../modules/casino/casino.tables.js';
import type { IdentityTables } from '../modules/identity/identity.tables.js';
import type { PlayersTables } from '../modules/players/players.tables.js';
import type { RegulatorFeedTables } from '../modules/regulator-feed/regulator-feed.tables.js';
import type { ReleaseHealthTables } from '../modules/release-health/release-health.tables.js';
import type { ReleasesTables } from '../modules/releases/releases.tables.js';
import type { SaferGamblingTables } from '../modules/safer-gambling/safer-gambling.tables.js';
import type { StaffTables } from '../modules/staff/staff.tables.js';
import type { WalletTables } from '../modules/wallet/wallet.tables.js';
import type { InfrastructureTables } from './infrastructure.tables.js';

/**
 * Every table the API's Kysely handle knows: each module declares its own (`<module>.tables.ts`,
 * next to the migrations that make them), the infrastructure's are in ./infrastructure.tables.ts
 * (docs/decisions/038-modules-own-tables-and-migrations.md).
 */
export interface DB
  extends AuthTables,
    WalletTables,
    CasinoTables,
    IdentityTables,
    SaferGamblingTables,
    ReleasesTables,
    ReleaseHealthTables,
    RegulatorFeedTables,
    AmlTables,
    StaffTables,
    PlayersTables,
    InfrastructureTables {}
