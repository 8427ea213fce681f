/**
 * The package edges of docs/architecture (shared/design/architecture.md), checked in CI:
 *   contracts <- api-client <- host <- remotes/* (loaded at run time by) shell
 *   ui, i18n <- remotes, shell;   api never imports front-end code.
 * `npm run depcheck` fails on any import that crosses them.
 */
const ZOD_SCHEMA_FILES = '^shared/contracts/src/(auth|wallet|casino|config|chat|errors|releases)[.]ts$';

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
        'Browser code imports contract types (import type) and zod-free constants only: the schema library would ship to every phone.',
      severity: 'error',
      from: { path: '^(shell|remotes)/', pathNot: '[.]test[.]tsx?$' },
      to: { path: ZOD_SCHEMA_FILES, dependencyTypesNot: ['type-only'] },
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
