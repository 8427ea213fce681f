/**
 * The package edges of docs/architecture (shared/design/architecture.md), checked in CI:
 *   contracts <- api-client <- host <- remotes/* (loaded at run time by) shell
 *   ui, i18n <- remotes, shell;   api never imports front-end code;
 *   contracts <- site (the site composer) <- api: the site never imports the API.
 *   contracts (types), api-client <- release-cli (shared/release-cli); nothing imports release-cli.
 * `npm run depcheck` fails on any import that crosses them.
 *
 * Inside the API (api/src): modules/<domain>/ is routes -> service -> repository; another
 * module sees a domain only through its services (`*.service.ts`), its public types
 * (`*.types.ts`), its guards (`*.guard.ts`) and its config slice (`*.config.ts`), never its
 * repository or routes. db/, lib/ and adapters/ sit below
 * the modules and never import one.
 */
const ZOD_SCHEMA_FILES =
  '^shared/contracts/src/(auth|wallet|casino|config|chat|errors|health|payments|releases|release-health|release-history|identity|json|safer-gambling|regulator-feed|aml|staff|staff-common|staff-players|staff-finance|staff-compliance|testing)[.]ts$';
/** The kits tests share (stub API, contract fixtures): they run under Vitest, never ship to a phone. */
const TEST_KITS =
  '^shared/host/src/render-remote[.]tsx$|^shared/contracts/src/testing[.]ts$|^shared/i18n/src/locale-check[.]ts$';
const TEST_CODE = `[.]test[.]tsx?$|${TEST_KITS}`;
/** The API's migrator, and its migrations: one file each in the migrations/ folder of a module or of db/. */
const API_MIGRATOR = '^api/src/db/migrations[.]ts$';
const API_MIGRATION_FILES = '^api/src/(db|modules/[^/]+)/migrations/[^/]+[.]ts$';

module.exports = {
  forbidden: [
    {
      name: 'remote-imports-other-remote',
      comment: 'A remote never imports another remote: they meet only through the shell at run time.',
      severity: 'error',
      from: { path: '^remotes/([^/]+)/' },
      to: { path: '^remotes/', pathNot: '^remotes/$1/' },
    },
    {
      name: 'remote-imports-shell',
      comment: 'A remote talks to the shell only through shared/host.',
      severity: 'error',
      from: { path: '^remotes/' },
      to: { path: '^shell/' },
    },
    {
      name: 'shell-imports-remote',
      comment: 'The shell loads remotes at run time from the release manifest, never at build time.',
      severity: 'error',
      from: { path: '^shell/' },
      to: { path: '^remotes/' },
    },
    {
      name: 'shared-imports-app',
      comment: 'Shared packages are below the apps: they never import a remote or the shell.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(remotes|shell)/' },
    },
    {
      name: 'contracts-import-workspace',
      comment: 'contracts is the bottom layer: zod only.',
      severity: 'error',
      from: { path: '^shared/contracts/' },
      to: { path: '^(shared/(api-client|host|ui|i18n)|api|tooling)/' },
    },
    {
      name: 'api-client-layer',
      comment: 'api-client sits on contracts only.',
      severity: 'error',
      from: { path: '^shared/api-client/' },
      to: { path: '^(shared/(host|ui|i18n)|api|tooling)/' },
    },
    {
      name: 'host-layer',
      comment: 'host is the contract: contracts and api-client below it, no UI kit, no i18n set-up.',
      severity: 'error',
      from: { path: '^shared/host/' },
      to: { path: '^(shared/(ui|i18n)|api|tooling)/' },
    },
    {
      name: 'ui-i18n-standalone',
      comment: 'ui and i18n are leaf packages.',
      severity: 'error',
      from: { path: '^shared/(ui|i18n)/' },
      to: { path: '^(shared/(contracts|api-client|host)|api|tooling)/' },
    },
    {
      name: 'api-imports-front-end',
      comment: 'The server shares only the contracts with the front end.',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^(shell|remotes|shared/(api-client|host|ui|i18n)|tooling)/' },
    },
    {
      name: 'site-imports-api-or-front-end',
      comment:
        "The site composer (site/) serves the front end as built files and shares only the contracts with it; the API registers it and hands it what it needs as options (the load tickets' Set-Cookie values): the edge runs one way, api -> site.",
      severity: 'error',
      from: { path: '^site/' },
      to: { path: '^(api|shell|remotes|shared/(api-client|host|ui|i18n)|tooling|e2e)/' },
    },
    {
      name: 'release-cli-stands-alone',
      comment:
        'The release CLI (shared/release-cli) is installed by teams outside this repository (decision 050), compiled at pack time into one file of plain Node: it imports Node builtins, the HTTP core of api-client (its src files, never a page of it) and contract types or zod-free constants, nothing else. The repository passes it its builder as an argument (scripts/release.mjs).',
      severity: 'error',
      from: { path: '^shared/release-cli/' },
      to: {
        path: '^(api|shell|remotes|site|tooling|e2e|scripts|staff)/|^shared/(host|ui|i18n)/|(^|/)node_modules/',
        pathNot: '(^|/)node_modules/@types/',
      },
    },
    {
      name: 'release-cli-contract-types-only',
      comment:
        'The release CLI reads the contract as types (import type) and the zod-free constants: a schema file would put zod into the compiled CLI.',
      severity: 'error',
      from: { path: '^shared/release-cli/' },
      to: { path: ZOD_SCHEMA_FILES, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'nothing-imports-release-cli',
      comment:
        'The release CLI is a tool run beside the platform: no app, shared package or the API imports it.',
      severity: 'error',
      from: { path: '^(api|shell|remotes|site|tooling)/|^shared/(contracts|api-client|host|ui|i18n)/' },
      to: { path: '^shared/release-cli/' },
    },
    {
      name: 'staff-imports-app',
      comment:
        'The staff site (staff/, decision 054) is its own app: it uses shared/* (contracts, api-client, ui) and never the shell, a remote, the site composer or the API.',
      severity: 'error',
      from: { path: '^staff/' },
      to: { path: '^(shell|remotes|site|api|tooling|e2e)/' },
    },
    {
      name: 'nothing-imports-staff',
      comment: 'Nothing imports the staff site: it is an app, not a library.',
      severity: 'error',
      from: { path: '^(shell|remotes|shared|site|api|tooling)/' },
      to: { path: '^staff/' },
    },
    {
      name: 'api-module-internals',
      comment:
        "An API module reaches another module only through its services (*.service.ts), its public types (*.types.ts), its guards (*.guard.ts, e.g. staffOf) or its config slice (*.config.ts, to pick a variable it shares, decision 068): the repository's queries and the routes stay private to their module.",
      severity: 'error',
      from: { path: '^api/src/modules/([^/]+)/' },
      to: {
        path: '^api/src/modules/',
        pathNot: [
          '^api/src/modules/$1/',
          '^api/src/modules/[^/]+/[^/]+[.](service|types|guard|config)[.]ts$',
        ],
      },
    },
    {
      name: 'api-infrastructure-imports-module',
      comment:
        'db, lib and adapters are below the modules: a module uses them, never the reverse (type-only imports aside). app.ts wires the two together.',
      severity: 'error',
      from: { path: '^api/src/(db|lib|adapters)/', pathNot: API_MIGRATOR },
      to: { path: '^api/src/modules/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'api-migrator-imports-module',
      comment:
        "The migrator (db/migrations.ts) lists each module's migrations, in order (docs/decisions/038): of a module it imports those files only.",
      severity: 'error',
      from: { path: API_MIGRATOR },
      to: { path: '^api/src/modules/', pathNot: API_MIGRATION_FILES, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'api-migration-imports-app-code',
      comment:
        'A migration runs the same on every database whenever it runs: it takes kysely only, never the row types or code of the API, which change after it (docs/decisions/038).',
      severity: 'error',
      from: { path: API_MIGRATION_FILES },
      to: { path: '^api/src/' },
    },
    {
      name: 'library-behind-a-facade',
      comment:
        'react-router-dom, @tanstack/react-query and react-i18next reach the shell and remotes only through @mchezo/host/router, @mchezo/host/query and @mchezo/i18n/react: one shared, trimmed instance for the page.',
      severity: 'error',
      from: {
        path: '^(shell|remotes|shared)/',
        pathNot: '^shared/(host/src/(router|query)[.]tsx|i18n/src/(react|instance)[.]ts)$',
      },
      to: {
        path: 'node_modules/(react-router|react-router-dom|@tanstack/react-query|react-i18next)/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'browser-imports-zod-schemas',
      comment:
        'Browser code imports contract types (import type) and the zod-free contract files only (constants, config defaults, money): the schema library would ship to every phone.',
      severity: 'error',
      from: { path: '^(shell|remotes|staff|shared/(api-client|host|ui|i18n))/', pathNot: TEST_CODE },
      to: { path: ZOD_SCHEMA_FILES, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'test-kit-only-in-tests',
      comment: 'The test kits (stub API, contract fixtures, locale check) are imported by tests only.',
      severity: 'error',
      from: { path: '^(shell|remotes|shared)/', pathNot: TEST_CODE },
      to: { path: TEST_KITS },
    },
    {
      name: 'zod-free-contract-files',
      comment:
        'Every contract file that is not a schema file is imported by the browser, so it never reaches zod (types of a schema file are fine).',
      severity: 'error',
      from: { path: '^shared/contracts/src/', pathNot: `${ZOD_SCHEMA_FILES}|[.]test[.]ts$` },
      to: { path: `(^|/)node_modules/zod/|${ZOD_SCHEMA_FILES}`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      comment:
        'No import circle, type-only and lazy imports included: each file sits above the files it imports, so it can be read, tested and moved on its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|build)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
