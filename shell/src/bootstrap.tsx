import { initI18n } from '@mchezo/i18n/instance';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { proveLoad } from './federation/load-proof.ts';
import { addShellFallbackBundle } from './i18n/shell-namespace.ts';
import { useAuthStore } from './stores/auth.store.ts';
import { useConfigStore } from './stores/config.store.ts';
import { registerServiceWorker } from './worker/register-worker.ts';
import './styles.css';

initI18n();
addShellFallbackBundle();
// The config request goes out now, while React renders, not after the first commit.
void useConfigStore.getState().load();
// The player cached at the last sign-in is known before the first remote is chosen (its canary
// bucket is theirs), and the refresh that says whether they are still signed in goes out now.
void useAuthStore.getState().restore();
// Release health counts this browser once its page proves its load (decision 060): from the start,
// so a short visit is counted too; the work yields to rendering.
proveLoad();

// Rendered as a transition: the first render is cut into slices that let the browser paint
// and answer input in between, instead of one long task on a slow phone.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
// Installable and offline (decision 025): after load, when the browser is idle.
registerServiceWorker();
