import { initI18n } from '@mchezo/i18n/instance';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { remoteRouteFor } from './app/route-table.ts';
import { prefetchRemotePage } from './federation/remote-loader.ts';
import { addShellFallbackBundle } from './i18n/shell-namespace.ts';
import './styles.css';

initI18n();
addShellFallbackBundle();

// The first page's remote starts downloading now, in parallel with React's first render.
const first = remoteRouteFor(location.pathname);
if (first) prefetchRemotePage(first.remote, first.expose);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
