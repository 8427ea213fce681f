import { defineRemoteConfig } from '@mchezo/tooling/remote-config';

export default defineRemoteConfig({
  name: 'profile',
  devPort: 3104,
  exposes: {
    './ProfilePage': './src/pages/profile-page.tsx',
    './AffiliatePage': './src/pages/affiliate-page.tsx',
    './SaferGamblingPage': './src/pages/safer-gambling-page.tsx',
  },
});
