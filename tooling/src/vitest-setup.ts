/**
 * Vitest set-up for a remote's component tests: English strings loaded synchronously,
 * storage cleared and fetch restored between tests.
 */
import { i18n, initI18n } from '@mchezo/i18n/instance';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';

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
