/**
 * Release control for the staff site's Releases screens: the remotes and their versions, the
 * manifest changes (each from the revision on screen, with a reason), retiring an old version,
 * overrides for testers, the live-file check, the canary floors, deploy keys, the revision history and each remote's
 * health over time.
 */
import type { HealthHistoryResponse } from '@mchezo/contracts/release-history';
import type {
  ActivateRequest,
  CanaryFloor,
  CanaryFloorRequest,
  CanaryFloorsResponse,
  CanaryRequest,
  CreateDeployKeyRequest,
  CreatedDeployKey,
  DeployKey,
  DeployKeysResponse,
  HistoryResponse,
  OverrideRequest,
  OverrideResponse,
  PublishedVersion,
  ReleaseIntegrity,
  RemoteName,
  RemotesResponse,
  RetireVersionRequest,
  RevisionEntry,
  RevokeDeployKeyRequest,
  RollbackRequest,
  ToggleRequest,
} from '@mchezo/contracts/releases';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryString, staffApi } from './client.ts';

export const releaseKeys = {
  all: ['releases'] as const,
  remotes: ['releases', 'remotes'] as const,
  history: ['releases', 'history'] as const,
  keys: ['releases', 'deploy-keys'] as const,
  integrity: ['releases', 'integrity'] as const,
  floors: ['releases', 'canary-floors'] as const,
  health: (remote: string, minutes: number) => ['releases', 'health', remote, minutes] as const,
};

/** While a canary runs, how often its screens read again (the guard checks every 15 s). */
export const CANARY_REFRESH_MS = 5_000;

export function useRemotes() {
  return useQuery({
    queryKey: releaseKeys.remotes,
    queryFn: ({ signal }) => staffApi.get<RemotesResponse>('/releases/remotes', { signal }),
    // A running canary moves by itself: keep its step and plan current.
    refetchInterval: (q) =>
      q.state.data?.remotes.some((r) => r.plan?.status === 'running') ? CANARY_REFRESH_MS : false,
    // Also while the tab is behind another: a canary is watched while doing something else.
    refetchIntervalInBackground: true,
  });
}

export function useReleaseHistory(limit = 100) {
  return useQuery({
    queryKey: [...releaseKeys.history, limit],
    queryFn: ({ signal }) => staffApi.get<HistoryResponse>(`/releases/history?limit=${limit}`, { signal }),
  });
}

export function useDeployKeys() {
  return useQuery({
    queryKey: releaseKeys.keys,
    queryFn: ({ signal }) => staffApi.get<DeployKeysResponse>('/releases/deploy-keys', { signal }),
  });
}

export function useIntegrity() {
  return useQuery({
    queryKey: releaseKeys.integrity,
    queryFn: ({ signal }) => staffApi.get<ReleaseIntegrity>('/releases/integrity', { signal }),
  });
}

/** Each remote's canary floors and their changes (docs/decisions/059-canary-floors-and-start-up.md). */
export function useCanaryFloors() {
  return useQuery({
    queryKey: releaseKeys.floors,
    queryFn: ({ signal }) => staffApi.get<CanaryFloorsResponse>('/releases/canary-floors', { signal }),
  });
}

/** The last `minutes` of one remote's health; read again every few seconds while `live`. */
export function useHealthHistory(remote: RemoteName, minutes: number, live: boolean) {
  return useQuery({
    queryKey: releaseKeys.health(remote, minutes),
    queryFn: ({ signal }) => {
      const to = Date.now();
      const query = queryString({
        remote,
        from: new Date(to - minutes * 60_000).toISOString(),
        to: new Date(to).toISOString(),
      });
      return staffApi.get<HealthHistoryResponse>(`/releases/health/history${query}`, { signal });
    },
    placeholderData: keepPreviousData,
    refetchInterval: live ? CANARY_REFRESH_MS : false,
    refetchIntervalInBackground: true,
  });
}

const remotePath = (remote: RemoteName, action: string) => `/releases/remotes/${remote}/${action}`;

/** Each manifest change names the revision it was made from and why (the contracts' requests). */
export const releasesApi = {
  activate: (remote: RemoteName, body: ActivateRequest) =>
    staffApi.post<RevisionEntry>(remotePath(remote, 'activate'), body),
  setEnabled: (remote: RemoteName, enabled: boolean, body: ToggleRequest) =>
    staffApi.post<RevisionEntry>(remotePath(remote, enabled ? 'enable' : 'disable'), body),
  canary: (remote: RemoteName, body: CanaryRequest) =>
    staffApi.post<RevisionEntry>(remotePath(remote, 'canary'), body),
  promote: (remote: RemoteName, body: ToggleRequest) =>
    staffApi.post<RevisionEntry>(remotePath(remote, 'canary/promote'), body),
  abort: (remote: RemoteName, body: ToggleRequest) =>
    staffApi.post<RevisionEntry>(remotePath(remote, 'canary/abort'), body),
  rollbackRemote: (remote: RemoteName, body: RollbackRequest) =>
    staffApi.post<RevisionEntry>(remotePath(remote, 'rollback'), body),
  rollback: (body: RollbackRequest) => staffApi.post<RevisionEntry>('/releases/rollback', body),
  /** Not a manifest change: a reason only (docs/decisions/058-retiring-versions.md). */
  retire: (remote: RemoteName, version: string, reason: string) =>
    staffApi.post<PublishedVersion>(remotePath(remote, `versions/${encodeURIComponent(version)}/retire`), {
      reason,
    } satisfies RetireVersionRequest),
  override: (body: OverrideRequest) => staffApi.post<OverrideResponse>('/releases/overrides', body),
  /** Not a manifest change: the remote's floors for every guarded canary, with a reason. */
  setCanaryFloor: (remote: RemoteName, body: CanaryFloorRequest) =>
    staffApi.put<CanaryFloor>(remotePath(remote, 'canary-floor'), body),
  checkIntegrity: () => staffApi.post<ReleaseIntegrity>('/releases/integrity/check'),
  createKey: (body: CreateDeployKeyRequest) => staffApi.post<CreatedDeployKey>('/releases/deploy-keys', body),
  revokeKey: (id: string, reason: string) =>
    staffApi.post<DeployKey>(`/releases/deploy-keys/${encodeURIComponent(id)}/revoke`, {
      reason,
    } satisfies RevokeDeployKeyRequest),
};
