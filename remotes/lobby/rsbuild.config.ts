import { defineRemoteConfig } from '@mchezo/tooling/remote-config';

export default defineRemoteConfig({
  name: 'lobby',
  devPort: 3101,
  exposes: {
    './HomePage': './src/pages/home-page.tsx',
    './GamePage': './src/pages/game-page.tsx',
  },
});
