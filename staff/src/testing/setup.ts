/**
 * Vitest set-up for the staff site's component tests: the staff i18n instance in English (its
 * namespaces load from the JSON files on first use), a clean session and storage per test.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n, startI18n } from '../i18n/i18n.ts';
import { useSession } from '../session/session-store.ts';

// Namespaces arrive by dynamic import: on a busy 2-core machine that can take more than 1 s.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces(['common', 'access', 'home']);
});

afterEach(() => {
  cleanup();
  useSession.getState().signedOut(null);
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
