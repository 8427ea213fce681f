/**
 * The lobby on its own, inside a fake host: `pnpm --filter @mchezo/lobby dev`, on the lobby's
 * routes of the site's route table (an index of them on any other path).
 * API calls go to the dev server's proxy (an API started by `npm start`).
 */

import { StandaloneApp } from '@mchezo/host/standalone';
import { FAKE_USER } from '@mchezo/host/testing';
import { initI18n } from '@mchezo/i18n/instance';
import { createRoot } from 'react-dom/client';
import GamePage from '../pages/game-page.tsx';
import HomePage from '../pages/home-page.tsx';
import './standalone.css';

initI18n();
createRoot(document.getElementById('root')!).render(
  <StandaloneApp remote="lobby" pages={{ HomePage, GamePage }} user={FAKE_USER} />,
);
