import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { configuredStaffCode, configuredStaffToken } from './staff.ts';
import type { SignsIn } from './staff-site.ts';

/** The release manager the e2e server knows (RELEASE_MANAGER_PHONES). */
export const RELEASE_MANAGER_PHONE = '+254799000001';
/** Its password: the first spec to need it registers it with this one. */
export const RELEASE_MANAGER_PASSWORD = 'release-manager-9';

/**
 * The release manager's staff token (two factors, decision 052): registered, verified and
 * enrolled (an enrolment code from the bootstrap administrator, e2e/support/staff.ts) by the
 * first worker that needs it, its session shared by the others. Release routes take no
 * password-only token.
 */
export function releaseManagerToken(request: APIRequestContext): Promise<string> {
  return configuredStaffToken(request, 'release-manager', RELEASE_MANAGER_PHONE, RELEASE_MANAGER_PASSWORD);
}

/** The release manager at the staff site's sign-in screen: a code of their authenticator each time. */
export const releaseManager = (request: APIRequestContext): SignsIn => ({
  phone: RELEASE_MANAGER_PHONE,
  password: RELEASE_MANAGER_PASSWORD,
  code: () =>
    configuredStaffCode(request, 'release-manager', RELEASE_MANAGER_PHONE, RELEASE_MANAGER_PASSWORD),
});

/** The CDN folder the e2e server serves (SITE_DIR): remote versions are published from it. */
export const CDN = join(import.meta.dirname, '..', '..', 'build', 'cdn');

/** `file → sha384-…` for every file of a version folder (what `release.mjs publish --folder` sends). */
export function integrityOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else
        out[relative(dir, p).split(sep).join('/')] =
          `sha384-${createHash('sha384').update(readFileSync(p)).digest('base64')}`;
    }
  };
  walk(dir);
  return out;
}

export interface RemoteStatus {
  name: string;
  active: string | null;
  enabled: boolean;
  canary: { version: string; percent: number } | null;
  plan: { status: string; step: number; steps: number[] } | null;
}

/** Release control as the release manager: calls that must succeed, changes from the current revision. */
export async function guardApi(request: APIRequestContext) {
  const token = await releaseManagerToken(request);
  const ok = async (method: 'GET' | 'POST', path: string, data?: unknown) => {
    const res = await request.fetch(`/api/v1${path}`, {
      method,
      data,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  return {
    ok,
    async change(path: string, body: Record<string, unknown> = {}) {
      const { revision } = await ok('GET', '/releases/remotes');
      return ok('POST', `/releases${path}`, {
        base_revision: revision,
        reason: 'e2e: canary guard',
        ...body,
      });
    },
    async lobby(): Promise<RemoteStatus> {
      return (await ok('GET', '/releases/remotes')).remotes.find((r: RemoteStatus) => r.name === 'lobby');
    },
  };
}
