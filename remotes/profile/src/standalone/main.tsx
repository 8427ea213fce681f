/**
 * The profile remote on its own, inside a fake host: `pnpm --filter @mchezo/profile dev`, on
 * the profile's routes of the site's route table (an index of them on any other path).
 * API calls go to the dev server's proxy (an API started by `npm start`); without one the
 * balances show their failure state.
 * `?as=pending` or `?as=suspended` signs in a player in that state (pending also turns on the
 * OTP test mode, so the test-code box shows); `?as=guest` renders with nobody signed in.
 */

import { QueryClient } from '@mchezo/host/query';
import { StandaloneApp } from '@mchezo/host/standalone';
import { FAKE_USER } from '@mchezo/host/testing';
import type { User } from '@mchezo/host/types';
import { initI18n } from '@mchezo/i18n/instance';
import { createRoot } from 'react-dom/client';
import AffiliatePage from '../pages/affiliate-page.tsx';
import ProfilePage from '../pages/profile-page.tsx';
import SaferGamblingPage from '../pages/safer-gambling-page.tsx';
import './standalone.css';

const as = new URLSearchParams(location.search).get('as');
const user: User | null =
  as === 'guest'
    ? null
    : as === 'pending' || as === 'suspended'
      ? {
          ...FAKE_USER,
          status: as === 'pending' ? 'pending_verification' : 'suspended',
          email: 'wanjiku@example.co.ke',
        }
      : FAKE_USER;
const config = as === 'pending' ? { otp_test_mode: true, otp_test_code: '123456' } : undefined;

initI18n();
createRoot(document.getElementById('root')!).render(
  <StandaloneApp
    remote="profile"
    pages={{ ProfilePage, AffiliatePage, SaferGamblingPage }}
    queryClient={new QueryClient({ defaultOptions: { queries: { retry: 1 } } })}
    user={user}
    {...(config ? { config } : {})}
  />,
);
