/**
 * The auth screens on their own, inside a fake host: `pnpm --filter @mchezo/auth dev`, on the
 * auth routes of the site's route table (an index of them at `/`).
 * Sign-in, registration and codes are the fake host's (any phone and password work, the
 * code is anything); only the forgot-password screen calls the API itself.
 */

import { StandaloneApp } from '@mchezo/host/standalone';
import { initI18n } from '@mchezo/i18n/instance';
import { createRoot } from 'react-dom/client';
import ForgotPasswordPage from '../pages/forgot-password-page.tsx';
import JoinPage from '../pages/join-page.tsx';
import LoginPage from '../pages/login-page.tsx';
import VerifyPage from '../pages/verify-page.tsx';
import './standalone.css';

initI18n();
createRoot(document.getElementById('root')!).render(
  <StandaloneApp
    remote="auth"
    pages={{ LoginPage, JoinPage, VerifyPage, ForgotPasswordPage }}
    config={{ otp_test_mode: true, otp_test_code: '123456' }}
    auth={{ verificationPhone: () => '+254712345678' }}
  />,
);
