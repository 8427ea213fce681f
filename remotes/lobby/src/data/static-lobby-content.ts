/**
 * The home screen's static content (docs/product-rules.md#home): the promos, the featured games,
 * the Latest Winner list, the ticker and the tabs' player counts, all kept here, in one place,
 * until a content API exists. Words live in the `lobby` namespace (keys below); names of games and
 * masked numbers are not translated. Money is in integer cents (KES); counts are integers.
 */
import type { GameCategoryName } from '@mchezo/contracts/casino-constants';
import spinPromo from '../assets/promos/spin.svg?url';
// The first promo is the home screen's largest image: inlined (1.2 kB) so it paints with the page.
import topUpPromo from '../assets/promos/top-up.svg?inline';
import sportsPromo from '../assets/promos/virtual-sports.svg?url';

export const CURRENCY = 'KES';

/** Rotation delays (docs/product-rules.md#home). */
export const PROMO_ROTATION_MS = 5_000;
export const WINNERS_ROTATION_MS = 3_000;
export const TICKER_ROTATION_MS = 2_000;

interface Promo {
  id: 'top-up' | 'spin' | 'virtual-sports';
  /** Artwork without words (the words are translated text laid over it). */
  image: string;
}

/** Rotating banner. The first one is the home screen's largest paint: keep it first and small. */
export const PROMOS: readonly Promo[] = [
  { id: 'top-up', image: topUpPromo },
  { id: 'spin', image: spinPromo },
  { id: 'virtual-sports', image: sportsPromo },
];
/** Intrinsic size of every promo image (the SVGs' viewBox), set on the <img> so nothing shifts. */
export const PROMO_SIZE = { width: 720, height: 300 } as const;

interface FeaturedGame {
  /** A game of the seeded catalogue (its ids are stable: they appear in URLs). */
  gameId: string;
  title: string;
  players: number;
  prizeCents: number;
  /** Two colours of the card's background. */
  colors: readonly [string, string];
}

export const FEATURED_GAMES: readonly FeaturedGame[] = [
  {
    gameId: 'safari-gold',
    title: 'Safari Gold',
    players: 1_284,
    prizeCents: 50_000_000,
    colors: ['#9a3412', '#ca8a04'],
  },
  {
    gameId: 'wheel-of-jambo',
    title: 'Wheel of Jambo',
    players: 842,
    prizeCents: 25_000_000,
    colors: ['#14532d', '#a16207'],
  },
  {
    gameId: 'virtual-football',
    title: 'Virtual Football',
    players: 2_310,
    prizeCents: 100_000_000,
    colors: ['#1e3a8a', '#15803d'],
  },
];

/** Players per lobby category, shown on the tabs (static: the API has no such figure). */
export const CATEGORY_PLAYERS: Readonly<Record<GameCategoryName, number>> = {
  slots: 3_912,
  spin: 1_475,
  sports: 2_638,
  live_sports: 1_206,
};

interface Win {
  /** Already masked: country code and first digit, four stars, last three digits. */
  phone: string;
  game: string;
  amountCents: number;
}

/** The Latest Winner list: 5 entries, rotating (docs/product-rules.md#home). */
export const LATEST_WINNERS: readonly Win[] = [
  { phone: '2547****678', game: 'Safari Gold', amountCents: 1_250_000 },
  { phone: '2541****204', game: 'Wheel of Jambo', amountCents: 480_000 },
  { phone: '2547****915', game: 'Virtual Football', amountCents: 2_300_000 },
  { phone: '2547****332', game: 'Lucky Sevens', amountCents: 96_000 },
  { phone: '2541****587', game: 'Live Tennis', amountCents: 715_050 },
];

/** The ticker's messages (a separate list from the winners). */
export const TICKER_WINS: readonly Win[] = [
  { phone: '2547****421', game: 'Mega Wheel', amountCents: 350_000 },
  { phone: '2541****860', game: 'Fruit Fiesta', amountCents: 120_000 },
  { phone: '2547****119', game: 'Penalty Shootout', amountCents: 845_000 },
  { phone: '2547****753', game: "Lion's Fortune", amountCents: 5_000_000 },
];
