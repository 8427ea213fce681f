import { defineRemoteConfig } from '@mchezo/tooling/remote-config';

export default defineRemoteConfig({
  name: 'profile',
  devPort: 3104,
  exposes: {
    './ProfilePage': './src/pages/profile-page.tsx',
    './AffiliatePage': './src/pages/affiliate-page.tsx',
    './SaferGamblingPage': './src/pages/safer-gambling-page.tsx',
  },
  // Painted from the page's HTML before any script runs, in the player's language (decision 026).
  firstScreens: { ProfilePage: './src/pages/profile-page.first-screen.html' },
});
