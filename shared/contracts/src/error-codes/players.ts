/** The support desk's codes on players (docs/decisions/053-staff-player-search-and-force-logout.md). */
export const PLAYERS_ERRORS = {
  /** A search with neither a query of 3 characters nor a status. */
  QUERY_REQUIRED: 400,
  ADMIN_REQUIRED_FOR_STAFF: 403,
  NO_OPEN_SESSION: 409,
} as const;
