import { defineRemoteConfig } from '@mchezo/tooling/remote-config';

export default defineRemoteConfig({
  name: 'lobby',
  devPort: 3101,
  exposes: {
    './HomePage': './src/pages/home-page.tsx',
    './GamePage': './src/pages/game-page.tsx',
  },
  // Painted from the page's HTML before any script runs (decisions 011 and 026).
  firstScreens: {
    HomePage: './src/pages/home-page.first-screen.html',
    GamePage: './src/pages/game-page.first-screen.html',
  },
});
