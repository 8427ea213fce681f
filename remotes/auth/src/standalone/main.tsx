/**
 * The auth screens on their own, inside a fake host: `pnpm --filter @mchezo/auth dev`.
 * Sign-in, registration and codes are the fake host's (any phone and password work, the
 * code is anything); only the forgot-password screen calls the API itself.
 */

import { Link, Route } from '@mchezo/host/router';
import { StandaloneApp } from '@mchezo/host/standalone';
import { initI18n } from '@mchezo/i18n/instance';
import { createRoot } from 'react-dom/client';
import ForgotPasswordPage from '../pages/forgot-password-page.tsx';
import JoinPage from '../pages/join-page.tsx';
import LoginPage from '../pages/login-page.tsx';
import VerifyPage from '../pages/verify-page.tsx';
import './standalone.css';

const PAGES = ['/login', '/join', '/verify', '/forgot-password'];

function Index() {
  return (
    <ul className="space-y-2 p-6">
      {PAGES.map((path) => (
        <li key={path}>
          <Link to={path} className="text-brand underline">
            {path}
          </Link>
        </li>
      ))}
    </ul>
  );
}

initI18n();
createRoot(document.getElementById('root')!).render(
  <StandaloneApp
    config={{ otp_test_mode: true, otp_test_code: '123456' }}
    auth={{ verificationPhone: () => '+254712345678' }}
  >
    <Route path="/" element={<Index />} />
    <Route path="/login" element={<LoginPage />} />
    <Route path="/join" element={<JoinPage />} />
    <Route path="/verify" element={<VerifyPage />} />
    <Route path="/forgot-password" element={<ForgotPasswordPage />} />
  </StandaloneApp>,
);
