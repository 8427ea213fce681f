/**
 * Who makes a release change: a release manager's two-factor staff session, or, to publish and
 * start guarded canaries only, a team's deploy key within its scope
 * (docs/decisions/046-deploy-keys.md). The guards the releases routes share, and the name each
 * change is recorded under.
 */
import type { RemoteName } from '@mchezo/contracts/releases';
import type { FastifyRequest } from 'fastify';
import type { PreHandler } from '../../lib/http.js';
import { markStaffGuard, type RequireStaff, type StaffOf } from '../staff/staff.service.js';
import type { DeployKeyRow } from './deploy-keys.repository.js';
import { type DeployKeyService, deployKeyActor, deployKeyToken } from './deploy-keys.service.js';

export interface ReleaseActors {
  /** Bearer token, then the release-manager role (granted in the database or by configuration). */
  requireReleaseManager: PreHandler;
  /**
   * Publish and canary: a release manager's session, or a deploy key (401 unknown; 403 revoked,
   * expired, or another remote or action). The canary's own limits are checked with its body.
   */
  releaseManagerOrDeployKey: (action: 'publish' | 'canary') => PreHandler;
  /** The deploy key a publish or canary was made with (none: a release manager's session). */
  keyOf: (request: FastifyRequest) => DeployKeyRow | undefined;
  /** Who the history names: the deploy key's actor, or the release manager's phone. */
  actor: (request: FastifyRequest) => string;
}

export function releaseActors(
  deployKeys: DeployKeyService,
  requireStaff: RequireStaff,
  staffOf: StaffOf,
): ReleaseActors {
  const requireReleaseManager = requireStaff('release_manager');
  const keys = new WeakMap<FastifyRequest, DeployKeyRow>();
  const keyOf = (request: FastifyRequest) => keys.get(request);
  return {
    requireReleaseManager,
    releaseManagerOrDeployKey: (action) =>
      markStaffGuard<PreHandler>(async (request, reply) => {
        const token = deployKeyToken(request.headers.authorization);
        if (!token) return requireReleaseManager(request, reply);
        const key = await deployKeys.authenticate(token);
        deployKeys.authorize(key, (request.params as { remote: RemoteName }).remote, action);
        keys.set(request, key);
      }),
    keyOf,
    actor: (request) => {
      const key = keyOf(request);
      return key ? deployKeyActor(key.name) : staffOf(request).phone;
    },
  };
}
