/**
 * The compliance screens' component-test kit: a compliance officer signed in, the site's own
 * compliance routes rendered at a path, and a fake API that answers the session and then `answer`
 * (recording every call).
 */
import { ROUTES } from '../../app/routes.tsx';
import { useSession } from '../../session/session-store.ts';
import { type Call, fakeApi, member, renderAt, session } from '../../testing/render-app.tsx';

export const officer = { ...member, roles: ['compliance'] };

/** Opens `path` as a compliance officer; answers what `answer` gives, 404 for what it leaves. */
export function openAsCompliance(path: string, answer: (call: Call) => [number, unknown] | undefined) {
  const calls = fakeApi((call) => {
    if (call.path === '/staff/me') return [200, { member: officer, session }];
    return answer(call) ?? [404, { error: 'no', code: 'NOT_FOUND' }];
  });
  useSession.getState().signedIn({ token: 'stf_c', member: officer, session } as never);
  renderAt(
    path,
    ROUTES.filter((r) => r.path.startsWith('compliance')),
  );
  return calls;
}

/** The query of a recorded call as an object (`/x?a=1` → `{a: '1'}`). */
export const queryOf = (call: Call) =>
  Object.fromEntries(new URL(call.path, 'http://x').searchParams.entries());
