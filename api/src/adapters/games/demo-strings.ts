/** The demo game's own words, in the site's languages (the launch link says which: `lang`). */
export const DEMO_LANGUAGES = ['en', 'es', 'fr', 'sw'] as const;
export type DemoLanguage = (typeof DEMO_LANGUAGES)[number];

interface DemoStrings {
  loading: string;
  balance: string;
  stake: string;
  spin: string;
  paytable: string;
  footer: string;
  /** `{amount}` is replaced. */
  won: string;
  noWin: string;
  missing: string;
  failed: string;
}

export const DEMO_STRINGS: Record<DemoLanguage, DemoStrings> = {
  en: {
    loading: 'Loading…',
    balance: 'Balance:',
    stake: 'Stake',
    spin: 'SPIN',
    paytable:
      'Three sevens 100× · diamonds 40× · stars 20× · bells 12× · lemons 8× · cherries 5× · two cherries 2.5×',
    footer: 'Demo game · 18+ · Play responsibly',
    won: 'You won {amount}!',
    noWin: 'No win this time',
    missing: 'Game link missing',
    failed: 'Could not start the game',
  },
  es: {
    loading: 'Cargando…',
    balance: 'Saldo:',
    stake: 'Apuesta',
    spin: 'GIRAR',
    paytable:
      'Tres sietes 100× · diamantes 40× · estrellas 20× · campanas 12× · limones 8× · cerezas 5× · dos cerezas 2,5×',
    footer: 'Juego de demostración · 18+ · Juega con responsabilidad',
    won: '¡Has ganado {amount}!',
    noWin: 'Esta vez no hay premio',
    missing: 'Falta el enlace del juego',
    failed: 'No se pudo iniciar el juego',
  },
  fr: {
    loading: 'Chargement…',
    balance: 'Solde :',
    stake: 'Mise',
    spin: 'TOURNER',
    paytable:
      'Trois sept 100× · diamants 40× · étoiles 20× · cloches 12× · citrons 8× · cerises 5× · deux cerises 2,5×',
    footer: 'Jeu de démonstration · 18+ · Jouez de façon responsable',
    won: 'Vous avez gagné {amount} !',
    noWin: 'Pas de gain cette fois',
    missing: 'Lien du jeu manquant',
    failed: 'Le jeu n’a pas pu démarrer',
  },
  sw: {
    loading: 'Inapakia…',
    balance: 'Salio:',
    stake: 'Dau',
    spin: 'ZUNGUSHA',
    paytable:
      'Saba tatu 100× · almasi 40× · nyota 20× · kengele 12× · malimau 8× · cheri 5× · cheri mbili 2.5×',
    footer: 'Mchezo wa majaribio · 18+ · Cheza kwa uwajibikaji',
    won: 'Umeshinda {amount}!',
    noWin: 'Hujashinda safari hii',
    missing: 'Kiungo cha mchezo hakipo',
    failed: 'Mchezo haukuweza kuanza',
  },
};

export const demoLanguage = (value: unknown): DemoLanguage =>
  DEMO_LANGUAGES.includes(value as DemoLanguage) ? (value as DemoLanguage) : 'en';
