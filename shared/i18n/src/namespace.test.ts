import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from './instance.ts';
import { createNamespace, currentLanguage, type NamespaceLoaders, useNamespace } from './namespace.ts';

const loads: string[] = [];
const loaders: NamespaceLoaders = {
  en: async () => {
    loads.push('en');
    return { default: { hello: 'Hello' } };
  },
  es: async () => {
    loads.push('es');
    return { default: { hello: 'Hola' } };
  },
  fr: async () => {
    loads.push('fr');
    return { default: { hello: 'Bonjour' } };
  },
  sw: async () => {
    loads.push('sw');
    return { default: { hello: 'Habari' } };
  },
};

beforeAll(async () => {
  await initI18n();
  // What the shell does at start: English strings of its own are there before anything else.
  i18n.addResourceBundle('en', 'shell', { x: 'y' });
});

describe('useNamespace', () => {
  it('loads the chosen language, not the language that happens to have strings already', async () => {
    await act(() => i18n.changeLanguage('sw'));
    expect(currentLanguage()).toBe('sw');
    const { result } = renderHook(() => useNamespace('demo', loaders));
    await waitFor(() => expect(result.current).toBe(true));
    expect(loads).toContain('sw');
    expect(i18n.getFixedT('sw', 'demo')('hello')).toBe('Habari');
  });

  it('loads the next language on a switch, once', async () => {
    const { result } = renderHook(() => useNamespace('demo', loaders));
    await waitFor(() => expect(result.current).toBe(true));
    loads.length = 0;
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => expect(i18n.hasResourceBundle('fr', 'demo')).toBe(true));
    expect(loads).toEqual(['fr']);
  });
});

describe('createNamespace', () => {
  it('starts loading the current language at once, before anything renders', async () => {
    await act(() => i18n.changeLanguage('es'));
    loads.length = 0;
    createNamespace('created', loaders);
    expect(loads).toEqual(['es']);
    await waitFor(() => expect(i18n.hasResourceBundle('es', 'created')).toBe(true));
  });

  it("gives the namespace's t, ready and the chosen locale, and follows a language switch", async () => {
    await act(() => i18n.changeLanguage('fr'));
    const useStrings = createNamespace('followed', loaders);
    const { result } = renderHook(() => useStrings());
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.locale).toBe('fr');
    expect(result.current.t('hello')).toBe('Bonjour');
    await act(() => i18n.changeLanguage('sw'));
    await waitFor(() => expect(result.current.t('hello')).toBe('Habari'));
    expect(result.current.locale).toBe('sw');
  });
});
