import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import sw from './locales/sw.json';

type Tree = { [key: string]: string | Tree };

/** Every key with the interpolation variables its text uses. */
function flatten(tree: Tree, prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string')
      out[prefix + key] = [...value.matchAll(/{{(\w+)}}/g)].map((m) => m[1]!).sort();
    else Object.assign(out, flatten(value, `${prefix}${key}.`));
  }
  return out;
}

describe('auth strings', () => {
  it.each([
    ['es', es],
    ['fr', fr],
    ['sw', sw],
  ])('%s has every English key, with the same variables', (_, messages) => {
    expect(flatten(messages)).toEqual(flatten(en));
  });
});
