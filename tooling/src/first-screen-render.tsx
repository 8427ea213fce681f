/**
 * Renders an entry page's first screen from the page's own component (decision 039). This file
 * is not run by Node as it is: the remote's build bundles it, with the remote's pages, into
 * `dist/first-screen/` (the `first-screen` environment of remote-config.ts), so the page, its
 * strings and this renderer share one React, one router, one host context and one i18n instance.
 *
 * The page renders as it does for the player in the moment the HTML arrives: nobody is known yet
 * (the HTML request does not say who is signed in), no server data has arrived, the config is the
 * defaults, the page's strings are in (in the language asked for). What a page draws then is its
 * first screen.
 */
import { DEFAULT_APP_CONFIG } from '@mchezo/contracts/config-defaults';
import { HostContext } from '@mchezo/host/context';
import { QueryClient, QueryClientProvider } from '@mchezo/host/query';
import { MemoryRouter, Route, Routes } from '@mchezo/host/router';
import type { Host } from '@mchezo/host/types';
import { i18n, startI18n } from '@mchezo/i18n/instance';
import type { Language } from '@mchezo/i18n/languages';
import { loadCreatedNamespaces } from '@mchezo/i18n/namespace';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const nothing = () => {};
const never = () => new Promise<never>(nothing);

/** The host before anything is known: the session is being restored, the config is the defaults. */
const FIRST_SCREEN_HOST: Host = {
  auth: {
    user: null,
    isLoading: true,
    isAuthenticated: false,
    login: never,
    register: never,
    requestVerification: never,
    confirmVerification: never,
    verificationPhone: () => null,
    signInWithStoredCredentials: never,
    takeRedirectTarget: () => '/',
    takeLockoutMessage: () => null,
    logout: never,
    refreshUser: never,
  },
  config: DEFAULT_APP_CONFIG,
  configLoaded: false,
  isFeatureEnabled: (flag) => DEFAULT_APP_CONFIG.features[flag] !== false,
  isRemoteEnabled: () => true,
  navigate: nothing,
  toast: { success: nothing, error: nothing, info: nothing },
  support: { available: false, toggle: nothing },
  reportError: nothing,
};

/**
 * The page at `url` (matched by the router as `route`, so `useParams` works) in `language`, as
 * static HTML.
 */
export async function renderFirstScreen(
  Page: ComponentType,
  { url, route, language }: { url: string; route: string; language: Language },
): Promise<string> {
  if (!i18n.isInitialized) await startI18n(language);
  await i18n.changeLanguage(language);
  await loadCreatedNamespaces(language);
  // Nothing is fetched while rendering to a string: every query is pending, as before its answer.
  const queryClient = new QueryClient();
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <HostContext.Provider value={FIRST_SCREEN_HOST}>
          <Routes>
            <Route path={route} element={<Page />} />
          </Routes>
        </HostContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
