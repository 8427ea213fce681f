/**
 * The lobby on its own, inside a fake host: `pnpm --filter @mchezo/lobby dev`.
 * API calls go to the dev server's proxy (an API started by `npm start`).
 */

import { Route } from '@mchezo/host/router';
import { StandaloneApp } from '@mchezo/host/standalone';
import { FAKE_USER } from '@mchezo/host/testing';
import { initI18n } from '@mchezo/i18n/instance';
import { createRoot } from 'react-dom/client';
import GamePage from '../pages/game-page.tsx';
import HomePage from '../pages/home-page.tsx';
import './standalone.css';

initI18n();
createRoot(document.getElementById('root')!).render(
  <StandaloneApp user={FAKE_USER}>
    <Route path="/" element={<HomePage />} />
    <Route path="/game/:title" element={<GamePage />} />
  </StandaloneApp>,
);
