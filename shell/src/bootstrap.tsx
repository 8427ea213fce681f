import { initI18n } from '@mchezo/i18n/instance';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { addShellFallbackBundle } from './i18n/shell-namespace.ts';
import { useConfigStore } from './stores/config.store.ts';
import './styles.css';

initI18n();
addShellFallbackBundle();
// The config request goes out now, while React renders, not after the first commit.
void useConfigStore.getState().load();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
