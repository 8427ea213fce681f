// Plain values (no zod) the browser can import without pulling in the schema library.
export const GAME_CATEGORIES = ['slots', 'spin', 'sports', 'live_sports'] as const;
export type GameCategoryName = (typeof GAME_CATEGORIES)[number];

/** Lobby order of the All tab (docs/product-rules.md#home). */
export const GAME_CATEGORY_ORDER: readonly GameCategoryName[] = GAME_CATEGORIES;
