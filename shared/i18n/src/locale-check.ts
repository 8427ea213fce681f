import { describe, expect, it } from 'vitest';

/**
 * For each package's locale test: what is wrong with a translation compared with the English
 * file it translates. Nested keys are compared as dotted paths.
 */
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const entry of flatten(value, `${prefix}${key}.`)) out.set(...entry);
  }
  return out;
}

/** The `{{name}}` interpolations of a text, sorted. */
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

/**
 * One line per problem: a key English has and the translation lacks, a key English lacks, an
 * empty text, or a text whose placeholders differ from English's. Empty when it is complete.
 */
export function localeProblems(english: object, translation: object): string[] {
  const base = flatten(english as Tree);
  const other = flatten(translation as Tree);
  const problems: string[] = [];
  for (const [key, text] of base) {
    const translated = other.get(key);
    if (translated === undefined) problems.push(`missing: ${key}`);
    else if (translated.trim() === '') problems.push(`empty: ${key}`);
    else if (placeholders(translated) !== placeholders(text)) problems.push(`placeholders differ: ${key}`);
  }
  for (const key of other.keys()) if (!base.has(key)) problems.push(`not in English: ${key}`);
  return problems;
}

/** A package's locale test: each translation checked against English by `localeProblems`. */
export function describeLocales(
  name: string,
  { en, ...translations }: Record<'en' | 'es' | 'fr' | 'sw', object>,
) {
  describe.each(Object.entries(translations))(`%s ${name} strings`, (_lng, messages) => {
    it('have every English key and no other, none empty, with the same placeholders', () => {
      expect(localeProblems(en, messages)).toEqual([]);
    });
  });
}
