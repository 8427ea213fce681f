import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { member, session } from '../testing/render-app.tsx';
import { forgetOnSignOut } from './forget-on-sign-out.ts';
import { useSession } from './session-store.ts';

describe('forgetOnSignOut', () => {
  it('empties the cache when the session ends, not before', () => {
    const client = new QueryClient();
    const stop = forgetOnSignOut(client);
    useSession.getState().signedIn({ token: 'stf_a', member, session } as never);
    client.setQueryData(['staff', 'people', 'list'], [member]);
    useSession.getState().refreshed(member as never, session as never);
    expect(client.getQueryData(['staff', 'people', 'list'])).toEqual([member]);
    useSession.getState().signedOut('session_ended');
    expect(client.getQueryData(['staff', 'people', 'list'])).toBeUndefined();
    stop();
  });
});
