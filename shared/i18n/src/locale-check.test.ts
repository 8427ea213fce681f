import { describe, expect, it } from 'vitest';
import { localeProblems } from './locale-check.ts';

const en = { title: 'Hello {{name}}', nav: { home: 'Home', games: 'Games' } };

describe('localeProblems', () => {
  it('finds nothing wrong with a complete translation', () => {
    expect(
      localeProblems(en, { title: 'Habari {{name}}', nav: { home: 'Nyumbani', games: 'Michezo' } }),
    ).toEqual([]);
  });

  it('names missing, empty, extra and placeholder-changing keys', () => {
    const sw = { title: 'Habari {{jina}}', nav: { home: ' ' }, extra: 'Zaidi' };
    expect(localeProblems(en, sw)).toEqual([
      'placeholders differ: title',
      'empty: nav.home',
      'missing: nav.games',
      'not in English: extra',
    ]);
  });
});
