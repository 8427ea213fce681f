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
  // Painted from the page's HTML before any script runs, in the player's language (decision 026).
  firstScreens: {
    LoginPage: './src/pages/login-page.first-screen.html',
    JoinPage: './src/pages/join-page.first-screen.html',
  },
});
