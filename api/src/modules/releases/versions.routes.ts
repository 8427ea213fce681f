/**
 * A remote's versions: publish one whose files are in the version store already, upload one
 * over HTTP (docs/decisions/049-version-store.md), retire an old one
 * (docs/decisions/058-retiring-versions.md). Publishing puts nothing in front of players.
 */
import {
  PublishedVersion,
  PublishVersionRequest,
  PublishVersionResponse,
  RemoteParams,
  RetireVersionRequest,
  UploadVersionRequest,
  VersionParams,
} from '@mchezo/contracts/releases';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http.js';
import type { DeployKeyService } from './deploy-keys.service.js';
import type { ReleaseActors } from './release-actors.js';
import type { RevisionService } from './revisions.service.js';
import type { VersionService } from './versions.service.js';

/** A version's integrity map lists every file of its folder: far more than the API's 16 KB. */
export const PUBLISH_BODY_LIMIT_BYTES = 1024 * 1024;

const tags = ['releases'];
const security = [{ bearer: [] }];

export const versionRoutes: FastifyPluginAsyncZod<{
  revisions: RevisionService;
  versions: VersionService;
  deployKeys: DeployKeyService;
  actors: ReleaseActors;
  /** RELEASES_UPLOAD_MAX_BYTES: the largest version an upload may carry, decoded. */
  maxUpload: number;
}> = async (app, { revisions, versions, deployKeys, actors, maxUpload }) => {
  const { requireReleaseManager, releaseManagerOrDeployKey, actor, keyOf } = actors;
  app.post(
    '/releases/remotes/:remote/versions',
    {
      onRequest: releaseManagerOrDeployKey('publish'),
      bodyLimit: PUBLISH_BODY_LIMIT_BYTES,
      schema: {
        tags,
        security,
        params: RemoteParams,
        body: PublishVersionRequest,
        response: { 201: PublishVersionResponse, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const { remote } = request.params;
      // Its size is reported against the active version's (decision 048).
      const active = (await revisions.current()).remotes[remote]?.version ?? null;
      const published = await versions.publish(actor(request), remote, request.body, active);
      const key = keyOf(request);
      if (key) await deployKeys.recordUse(key, 'publish', remote, published.version);
      return reply.code(201).send(published);
    },
  );

  // Publish over HTTP (docs/decisions/049-version-store.md): the version's files in the body,
  // stored in the version store; the same rules as above. 201 stored, 200 the same files again.
  app.put(
    '/releases/remotes/:remote/versions/:version',
    {
      // Who it is before its body (up to tens of MB) is read and parsed: nobody else's upload
      // costs the API more than its headers.
      onRequest: releaseManagerOrDeployKey('publish'),
      // Base64 of the largest version, its integrity map and the JSON around them.
      bodyLimit: Math.ceil(maxUpload / 3) * 4 + PUBLISH_BODY_LIMIT_BYTES,
      schema: {
        tags,
        security,
        params: VersionParams,
        body: UploadVersionRequest,
        response: {
          200: PublishVersionResponse,
          201: PublishVersionResponse,
          ...errorResponses(400, 401, 403, 409, 413, 422),
        },
      },
    },
    async (request, reply) => {
      const { remote, version } = request.params;
      const active = (await revisions.current()).remotes[remote]?.version ?? null;
      const { created, published } = await versions.upload(
        actor(request),
        remote,
        version,
        request.body,
        active,
      );
      const key = keyOf(request);
      if (key && created) await deployKeys.recordUse(key, 'publish', remote, version);
      return reply.code(created ? 201 : 200).send(published);
    },
  );

  // Retire a version (docs/decisions/058-retiring-versions.md): a release manager only, never a
  // deploy key (requireStaff answers it 403 DEPLOY_KEY_SCOPE); 409 while it is live, a canary or
  // under a tester's override, or retired already. Its files leave the store; it stays listed.
  app.post(
    '/releases/remotes/:remote/versions/:version/retire',
    {
      onRequest: requireReleaseManager,
      schema: {
        tags,
        security,
        params: VersionParams,
        body: RetireVersionRequest,
        response: { 200: PublishedVersion, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      versions.retire(actor(request), request.params.remote, request.params.version, request.body),
  );
};
