/**
 * `GET /api/v1/releases/manifest` (public): what the shell reads at boot to know which version
 * of each remote to load. Short cache plus an ETag: a release change reaches players within
 * seconds, and a repeat visit costs a 304. It sets the page view's load ticket (a cookie), so the
 * cache is the browser's own.
 *
 * Everything else under `/api/v1/releases` is for release managers (401 without a token, 403
 * without the role): list, history, publish, activate, disable/enable, canary, promote, abort,
 * roll back (the whole manifest, or one remote), overrides, the integrity check of live files, a
 * canary's guard plan, deploy keys, retiring an old version, each remote's canary floors. Each manifest change carries the base
 * revision it was made from and a reason (retiring is no manifest change: a reason only). Publish
 * and canary also take a team's deploy key, within its scope (docs/decisions/046-deploy-keys.md);
 * every other route answers one 403 DEPLOY_KEY_SCOPE (release-actors.ts). Publishing, uploading and
 * retiring versions are versions.routes.ts's, deploy keys deploy-keys.routes.ts's.
 */
import { createHash } from 'node:crypto';
import {
  ActivateRequest,
  CanaryFloor,
  CanaryFloorRequest,
  CanaryFloorsResponse,
  CanaryRequest,
  HistoryQuery,
  HistoryResponse,
  ManifestQuery,
  OverrideRequest,
  OverrideResponse,
  ReleaseIntegrity,
  ReleaseManifest,
  RemoteParams,
  RemotesResponse,
  RevisionResponse,
  RollbackRequest,
  ToggleRequest,
} from '@mchezo/contracts/releases';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http.js';
import type { LoadTicketIssuer } from '../release-health/load-ticket.service.js';
import type { RequireStaff, StaffOf } from '../staff/staff.service.js';
import type { CanaryGuard } from './canary-guard.service.js';
import { deployKeyRoutes } from './deploy-keys.routes.js';
import type { DeployKeyService } from './deploy-keys.service.js';
import type { IntegrityMonitor } from './integrity.service.js';
import type { OverrideService } from './overrides.service.js';
import { releaseActors } from './release-actors.js';
import type { RevisionService } from './revisions.service.js';
import { versionRoutes } from './versions.routes.js';
import type { VersionService } from './versions.service.js';

const MANIFEST_MAX_AGE_SECONDS = 10;
/**
 * A manifest as stored, already JSON: sent as is (Fastify serializes no string), so its ETag
 * stays the hash of exactly these bytes; the route's schema says what the text holds.
 */
const stored = (json: string) => json as unknown as ReleaseManifest;

interface ReleasesRoutesOptions {
  /** RELEASES_UPLOAD_MAX_BYTES: the largest version an upload may carry, decoded. */
  maxUpload: number;
  revisions: RevisionService;
  versions: VersionService;
  overrides: OverrideService;
  deployKeys: DeployKeyService;
  integrity: IntegrityMonitor;
  canaryGuard: CanaryGuard;
  /** Issues the load tickets release health counts by. */
  loadTickets: LoadTicketIssuer;
  requireStaff: RequireStaff;
  staffOf: StaffOf;
}

const tags = ['releases'];
const security = [{ bearer: [] }];

export const releasesRoutes: FastifyPluginAsyncZod<ReleasesRoutesOptions> = async (
  app,
  {
    maxUpload,
    revisions,
    versions,
    overrides,
    deployKeys,
    integrity,
    canaryGuard,
    loadTickets,
    requireStaff,
    staffOf,
  },
) => {
  app.get(
    '/releases/manifest',
    // The tester's override token is a secret: never logged (lib/redact.ts).
    {
      // The answer is the stored JSON as is (a string, so no serializer runs on it): the schema says
      // what it holds; 304 when the browser's ETag is current.
      schema: {
        hide: true,
        querystring: ManifestQuery,
        response: { 200: ReleaseManifest, 304: z.null(), ...errorResponses(400) },
      },
      config: { secretParams: ['override'] },
    },
    async (req, reply) => {
      // The page view's load ticket, for the versions this manifest lets it load (release health,
      // docs/decisions/031-release-health-tickets.md): a cookie, so the answer is private then.
      const ticket = async (...manifests: ReleaseManifest[]) => {
        const sender = { cookie: req.headers.cookie, ip: req.ip };
        const cookies = await loadTickets.cookies(sender, ...manifests);
        if (cookies.length > 0) reply.header('Set-Cookie', cookies);
        return cookies.length > 0;
      };
      // A tester's signed override: served to that browser only, never cached by anyone.
      const overridden = req.query.override ? await overrides.manifestJson(req.query.override) : null;
      if (overridden) {
        await ticket(await revisions.served(), JSON.parse(overridden) as ReleaseManifest);
        return reply
          .header('Cache-Control', 'private, no-store')
          .type('application/json; charset=utf-8')
          .send(stored(overridden));
      }
      const body = await revisions.servedJson();
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      const ticketed = await ticket(JSON.parse(body) as ReleaseManifest);
      const cache = `${ticketed ? 'private' : 'public'}, max-age=${MANIFEST_MAX_AGE_SECONDS}`;
      reply.header('Cache-Control', cache).header('ETag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return reply.type('application/json; charset=utf-8').send(stored(body));
    },
  );

  const actors = releaseActors(deployKeys, requireStaff, staffOf);
  const { requireReleaseManager, releaseManagerOrDeployKey, actor, keyOf } = actors;
  await app.register(deployKeyRoutes, { deployKeys, actors });
  await app.register(versionRoutes, {
    revisions,
    versions,
    deployKeys,
    actors,
    maxUpload,
  });

  app.post(
    '/releases/overrides',
    {
      onRequest: requireReleaseManager,
      schema: {
        tags,
        security,
        body: OverrideRequest,
        response: { 201: OverrideResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await overrides.create(actor(request), request.body)),
  );

  app.get(
    '/releases/remotes',
    {
      onRequest: requireReleaseManager,
      schema: { tags, security, response: { 200: RemotesResponse, ...errorResponses(401, 403) } },
    },
    async () => versions.remotes(await revisions.current()),
  );

  // The live versions' files against their recorded hashes: the last check, or one now.
  const integritySchema = {
    tags,
    security,
    response: { 200: ReleaseIntegrity, ...errorResponses(401, 403) },
  };
  app.get('/releases/integrity', { onRequest: requireReleaseManager, schema: integritySchema }, async () =>
    integrity.status(),
  );
  app.post(
    '/releases/integrity/check',
    { onRequest: requireReleaseManager, schema: integritySchema },
    async () => integrity.runOnce(),
  );

  app.get(
    '/releases/history',
    {
      onRequest: requireReleaseManager,
      schema: {
        tags,
        security,
        querystring: HistoryQuery,
        response: { 200: HistoryResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      revisions: await revisions.history(request.query.limit),
      overrides: await overrides.history(request.query.limit),
    }),
  );

  // Canary floors (docs/decisions/059-canary-floors-and-start-up.md): a release manager only,
  // never a deploy key (requireStaff answers it 403 DEPLOY_KEY_SCOPE); each change is kept.
  app.get(
    '/releases/canary-floors',
    {
      onRequest: requireReleaseManager,
      schema: { tags, security, response: { 200: CanaryFloorsResponse, ...errorResponses(401, 403) } },
    },
    async () => canaryGuard.floors.list(),
  );
  app.put(
    '/releases/remotes/:remote/canary-floor',
    {
      onRequest: requireReleaseManager,
      schema: {
        tags,
        security,
        params: RemoteParams,
        body: CanaryFloorRequest,
        response: { 200: CanaryFloor, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => canaryGuard.floors.set(actor(request), request.params.remote, request.body),
  );

  const changeResponses = { 200: RevisionResponse, ...errorResponses(400, 401, 403, 404, 409, 422) };

  app.post(
    '/releases/remotes/:remote/activate',
    {
      onRequest: requireReleaseManager,
      schema: { tags, security, params: RemoteParams, body: ActivateRequest, response: changeResponses },
    },
    async (request) => revisions.activate(actor(request), request.params.remote, request.body),
  );

  for (const enabled of [false, true]) {
    app.post(
      `/releases/remotes/:remote/${enabled ? 'enable' : 'disable'}`,
      {
        onRequest: requireReleaseManager,
        schema: { tags, security, params: RemoteParams, body: ToggleRequest, response: changeResponses },
      },
      async (request) => revisions.setEnabled(actor(request), request.params.remote, enabled, request.body),
    );
  }

  app.post(
    '/releases/remotes/:remote/canary',
    {
      onRequest: releaseManagerOrDeployKey('canary'),
      schema: { tags, security, params: RemoteParams, body: CanaryRequest, response: changeResponses },
    },
    // With `plan`, a canary that guards itself (canary-guard.service.ts); a deploy key's always has one.
    async (request) => {
      const { remote } = request.params;
      const key = keyOf(request);
      if (key) deployKeys.authorizeCanary(key, remote, request.body);
      const revision = await canaryGuard.canary(actor(request), remote, request.body);
      if (key) await deployKeys.recordUse(key, 'canary', remote, request.body.version);
      return revision;
    },
  );

  app.post(
    '/releases/remotes/:remote/canary/promote',
    {
      onRequest: requireReleaseManager,
      schema: { tags, security, params: RemoteParams, body: ToggleRequest, response: changeResponses },
    },
    async (request) => revisions.promote(actor(request), request.params.remote, request.body),
  );

  app.post(
    '/releases/remotes/:remote/canary/abort',
    {
      onRequest: requireReleaseManager,
      schema: { tags, security, params: RemoteParams, body: ToggleRequest, response: changeResponses },
    },
    async (request) => revisions.abort(actor(request), request.params.remote, request.body),
  );

  app.post(
    '/releases/remotes/:remote/rollback',
    {
      onRequest: requireReleaseManager,
      schema: { tags, security, params: RemoteParams, body: RollbackRequest, response: changeResponses },
    },
    async (request) => revisions.rollbackRemote(actor(request), request.params.remote, request.body),
  );

  app.post(
    '/releases/rollback',
    {
      onRequest: requireReleaseManager,
      schema: { tags, security, body: RollbackRequest, response: changeResponses },
    },
    async (request) => revisions.rollback(actor(request), request.body),
  );
};
