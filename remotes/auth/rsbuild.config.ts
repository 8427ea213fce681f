import { defineRemoteConfig } from '@mchezo/tooling/remote-config';

export default defineRemoteConfig({
  name: 'auth',
  devPort: 3102,
  exposes: {
    './LoginPage': './src/pages/login-page.tsx',
    './JoinPage': './src/pages/join-page.tsx',
    './VerifyPage': './src/pages/verify-page.tsx',
    './ForgotPasswordPage': './src/pages/forgot-password-page.tsx',
  },
});
