import { describeLocales } from '@mchezo/i18n/locale-check';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import sw from './locales/sw.json';

describeLocales('lobby', { en, es, fr, sw });

describe('lobby strings', () => {
  it("keeps the game page's and the winners' fixed English strings", () => {
    expect(en.game.loading).toBe('Loading {{title}}...');
    expect(en.game.failed).toBe('Failed to load {{title}}. Please try again later.');
    expect(en.game.back).toBe('Go back to games');
    expect(en.winners.title).toBe('Latest Winner');
  });
});
