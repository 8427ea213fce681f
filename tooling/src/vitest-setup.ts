/**
 * Vitest set-up for a remote's component tests: English strings loaded synchronously,
 * storage cleared and fetch restored between tests.
 */
import { i18n, initI18n } from '@mchezo/i18n/instance';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';

// Pages load their strings with dynamic imports; on a busy 2-core CI machine that can take more
// than testing-library's default 1 s. Waiting longer only slows a test that would fail anyway.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  localStorage.setItem('language', 'en');
  await initI18n();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
