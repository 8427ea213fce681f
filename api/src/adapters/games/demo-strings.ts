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
  /** Refused stakes (403 STAKE_LIMIT, LOSS_LIMIT_*): `{limit}` and `{remaining}` are replaced. */
  stakeLimit: string;
  lossLimitDay: string;
  lossLimitWeek: string;
  lossLimitMonth: string;
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
    stakeLimit: 'Your stake limit is {limit} a bet. Choose a smaller stake.',
    lossLimitDay:
      'This stake could take you over your daily loss limit of {limit}. You can stake up to {remaining} more today.',
    lossLimitWeek:
      'This stake could take you over your weekly loss limit of {limit}. You can stake up to {remaining} more this week.',
    lossLimitMonth:
      'This stake could take you over your monthly loss limit of {limit}. You can stake up to {remaining} more this month.',
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
    stakeLimit: 'Tu límite de apuesta es {limit} por apuesta. Elige una apuesta menor.',
    lossLimitDay:
      'Esta apuesta podría superar tu límite diario de pérdidas de {limit}. Puedes apostar hasta {remaining} más hoy.',
    lossLimitWeek:
      'Esta apuesta podría superar tu límite semanal de pérdidas de {limit}. Puedes apostar hasta {remaining} más esta semana.',
    lossLimitMonth:
      'Esta apuesta podría superar tu límite mensual de pérdidas de {limit}. Puedes apostar hasta {remaining} más este mes.',
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
    stakeLimit: 'Votre limite de mise est de {limit} par pari. Choisissez une mise plus petite.',
    lossLimitDay:
      'Cette mise pourrait dépasser votre limite de pertes quotidienne de {limit}. Vous pouvez encore miser jusqu’à {remaining} aujourd’hui.',
    lossLimitWeek:
      'Cette mise pourrait dépasser votre limite de pertes hebdomadaire de {limit}. Vous pouvez encore miser jusqu’à {remaining} cette semaine.',
    lossLimitMonth:
      'Cette mise pourrait dépasser votre limite de pertes mensuelle de {limit}. Vous pouvez encore miser jusqu’à {remaining} ce mois-ci.',
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
    stakeLimit: 'Kikomo chako cha dau ni {limit} kwa kila dau. Chagua dau dogo zaidi.',
    lossLimitDay:
      'Dau hili linaweza kuzidi kikomo chako cha hasara cha siku cha {limit}. Unaweza kuweka dau la hadi {remaining} zaidi leo.',
    lossLimitWeek:
      'Dau hili linaweza kuzidi kikomo chako cha hasara cha wiki cha {limit}. Unaweza kuweka dau la hadi {remaining} zaidi wiki hii.',
    lossLimitMonth:
      'Dau hili linaweza kuzidi kikomo chako cha hasara cha mwezi cha {limit}. Unaweza kuweka dau la hadi {remaining} zaidi mwezi huu.',
  },
};

export const demoLanguage = (value: unknown): DemoLanguage =>
  DEMO_LANGUAGES.includes(value as DemoLanguage) ? (value as DemoLanguage) : 'en';
