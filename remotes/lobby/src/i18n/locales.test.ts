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

describe('tab names', () => {
  /** The word for "games" in each language. */
  const GAMES = { en: 'games', es: 'juegos', fr: 'jeux', sw: 'michezo' };

  it('are all different from each other and from the word for games, in every language', () => {
    for (const [language, strings] of Object.entries({ en, es, fr, sw })) {
      const { label: _label, ...tabs } = strings.tabs;
      const names = Object.values(tabs).map((n) => n.toLowerCase());
      expect(new Set(names).size, language).toBe(names.length);
      // Kiswahili "michezo" is games and sports at once: the Sport tab must not be called that.
      expect(names, language).not.toContain(GAMES[language as keyof typeof GAMES]);
    }
  });
});
