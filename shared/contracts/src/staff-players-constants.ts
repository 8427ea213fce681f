/** The staff players contract's constants, zod-free for the staff site (schemas: ./staff-players.ts). */

export const PLAYER_STATUSES = ['pending_verification', 'active', 'suspended'] as const;
export type PlayerStatusName = (typeof PLAYER_STATUSES)[number];

/** The shortest query searched: shorter ones would match most players. */
export const PLAYER_QUERY_MIN = 3;
export const PLAYERS_PAGE_SIZE = 25;

export const TX_KINDS = ['deposit', 'withdrawal'] as const;
export const TX_STATUSES = ['pending', 'review', 'completed', 'failed', 'reversed'] as const;

export const PLAYER_NOTE_MAX = 4000;

export const REVEAL_FIELDS = ['id_number', 'date_of_birth'] as const;
export type RevealField = (typeof REVEAL_FIELDS)[number];
