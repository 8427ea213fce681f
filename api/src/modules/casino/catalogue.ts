import type { GameCategory } from '@mchezo/contracts/casino';

export interface CatalogueGame {
  id: string;
  name: string;
  category: GameCategory;
  /** Two colours of the thumbnail's background gradient. */
  colors: [string, string];
}

/** The seeded catalogue: every lobby tab has games. Ids are stable (they appear in URLs). */
export const CATALOGUE: CatalogueGame[] = [
  { id: 'lucky-sevens', name: 'Lucky Sevens', category: 'slots', colors: ['#7b1fa2', '#f50057'] },
  { id: 'safari-gold', name: 'Safari Gold', category: 'slots', colors: ['#e65100', '#ffca28'] },
  { id: 'kilimanjaro-riches', name: 'Kilimanjaro Riches', category: 'slots', colors: ['#1a237e', '#4fc3f7'] },
  { id: 'diamond-savanna', name: 'Diamond Savanna', category: 'slots', colors: ['#004d40', '#64ffda'] },
  { id: 'fruit-fiesta', name: 'Fruit Fiesta', category: 'slots', colors: ['#c62828', '#ffeb3b'] },
  { id: 'mombasa-nights', name: 'Mombasa Nights', category: 'slots', colors: ['#0d47a1', '#7c4dff'] },
  { id: 'lions-fortune', name: "Lion's Fortune", category: 'slots', colors: ['#bf360c', '#ffab40'] },
  { id: 'treasure-of-lamu', name: 'Treasure of Lamu', category: 'slots', colors: ['#3e2723', '#ffd54f'] },
  { id: 'wheel-of-jambo', name: 'Wheel of Jambo', category: 'spin', colors: ['#1b5e20', '#ffeb3b'] },
  { id: 'roulette-royale', name: 'Roulette Royale', category: 'spin', colors: ['#b71c1c', '#212121'] },
  { id: 'spin-safari', name: 'Spin Safari', category: 'spin', colors: ['#ff6f00', '#4e342e'] },
  { id: 'golden-wheel', name: 'Golden Wheel', category: 'spin', colors: ['#f9a825', '#6d4c41'] },
  { id: 'turbo-spin', name: 'Turbo Spin', category: 'spin', colors: ['#283593', '#00e5ff'] },
  { id: 'mega-wheel', name: 'Mega Wheel', category: 'spin', colors: ['#4a148c', '#ff4081'] },
  { id: 'virtual-football', name: 'Virtual Football', category: 'sports', colors: ['#2e7d32', '#a5d6a7'] },
  {
    id: 'virtual-horse-racing',
    name: 'Virtual Horse Racing',
    category: 'sports',
    colors: ['#5d4037', '#aed581'],
  },
  { id: 'penalty-shootout', name: 'Penalty Shootout', category: 'sports', colors: ['#00695c', '#e0f2f1'] },
  {
    id: 'virtual-basketball',
    name: 'Virtual Basketball',
    category: 'sports',
    colors: ['#e65100', '#3e2723'],
  },
  { id: 'cricket-blast', name: 'Cricket Blast', category: 'sports', colors: ['#33691e', '#fff59d'] },
  { id: 'rugby-sevens', name: 'Rugby Sevens', category: 'sports', colors: ['#1565c0', '#c5e1a5'] },
  { id: 'live-football', name: 'Live Football', category: 'live_sports', colors: ['#1b5e20', '#212121'] },
  { id: 'live-tennis', name: 'Live Tennis', category: 'live_sports', colors: ['#827717', '#f0f4c3'] },
  { id: 'live-basketball', name: 'Live Basketball', category: 'live_sports', colors: ['#bf360c', '#263238'] },
  { id: 'live-rugby', name: 'Live Rugby', category: 'live_sports', colors: ['#0d47a1', '#263238'] },
  { id: 'live-athletics', name: 'Live Athletics', category: 'live_sports', colors: ['#c62828', '#263238'] },
  { id: 'live-boxing', name: 'Live Boxing', category: 'live_sports', colors: ['#880e4f', '#212121'] },
];
