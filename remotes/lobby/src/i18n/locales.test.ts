import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import sw from './locales/sw.json';

type Tree = { [key: string]: string | Tree };
const entries = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v]] : entries(v, `${prefix}${k}.`),
  );
const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('lobby strings', () => {
  const base = new Map(entries(en));
  it.each([
    ['es', es],
    ['fr', fr],
    ['sw', sw],
  ])('%s has every English key, no other, and the same placeholders', (_, messages) => {
    const other = new Map(entries(messages as Tree));
    expect([...other.keys()].sort()).toEqual([...base.keys()].sort());
    for (const [key, text] of base) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(other.get(key)!), key).toEqual(placeholders(text));
    }
  });

  it("keeps the game page's and the winners' fixed English strings", () => {
    expect(en.game.loading).toBe('Loading {{title}}...');
    expect(en.game.failed).toBe('Failed to load {{title}}. Please try again later.');
    expect(en.game.back).toBe('Go back to games');
    expect(en.winners.title).toBe('Latest Winner');
  });
});
