/**
 * The lobby on its own, inside a fake host: `pnpm --filter @mchezo/lobby dev`.
 * API calls go to the dev server's proxy (an API started by `npm start`).
 */

import { QueryClient, QueryClientProvider } from '@mchezo/host/query';
import { BrowserRouter, Route, Routes } from '@mchezo/host/router';
import { FAKE_USER, FakeHostProvider } from '@mchezo/host/testing';
import { initI18n } from '@mchezo/i18n/instance';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import GamePage from '../pages/game-page.tsx';
import HomePage from '../pages/home-page.tsx';
import './standalone.css';

initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={new QueryClient()}>
      <BrowserRouter>
        <FakeHostProvider user={FAKE_USER}>
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="/game/:title" element={<GamePage />} />
          </Routes>
        </FakeHostProvider>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
