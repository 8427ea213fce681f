import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import sw from './locales/sw.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flatten(v, `${prefix}${k}.`)),
    ),
  );
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const english = flatten(en);

describe.each([
  ['es', es],
  ['fr', fr],
  ['sw', sw],
])('%s strings', (_lng, messages) => {
  const other = flatten(messages as Tree);

  it('has exactly the English keys, none empty', () => {
    expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort());
    expect(Object.entries(other).filter(([, v]) => v.trim() === '')).toEqual([]);
  });

  it('keeps every placeholder', () => {
    for (const [key, text] of Object.entries(english))
      expect([key, placeholders(other[key]!)]).toEqual([key, placeholders(text)]);
  });
});
