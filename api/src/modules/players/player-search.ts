/**
 * The support desk's player search (docs/decisions/053-staff-player-search-and-force-logout.md):
 * by any part of the phone, the name, or a Paybill account number, newest first, a page at a time.
 */
import {
  PLAYERS_PAGE_SIZE,
  type PlayerSearchQuery,
  type PlayerSearchResponse,
} from '@mchezo/contracts/staff-players';
import { ACCOUNT_NUMBER_LENGTH } from '@mchezo/contracts/wallet-constants';
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor.js';
import { contains, readQuery } from '../../lib/search-text.js';
import { iso } from '../../lib/time.js';
import type { PlayerAccountsService } from '../auth/player-accounts.service.js';
import type { PlayerMoneyService } from '../wallet/player-money.service.js';

const PAGE = PLAYERS_PAGE_SIZE;

export async function searchPlayers(
  { accounts, money }: { accounts: PlayerAccountsService; money: PlayerMoneyService },
  query: PlayerSearchQuery,
): Promise<PlayerSearchResponse> {
  const { digits, name } = query.q ? readQuery(query.q) : {};
  const holder = digits?.length === ACCOUNT_NUMBER_LENGTH ? await money.paybillHolder(digits) : undefined;
  if (query.q && !digits && !name) return { players: [], next_cursor: null };
  const before = decodePageCursor(query.cursor);
  const rows = await accounts.search({
    phonePattern: digits ? contains(digits) : undefined,
    namePattern: name ? contains(name) : undefined,
    ids: holder ? [holder] : undefined,
    status: query.status,
    before: before && { createdAt: before.at, id: before.id },
    limit: PAGE + 1,
  });
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    players: page.map((r) => ({
      user_id: r.id,
      phone: r.phone,
      full_name: r.fullName,
      status: r.status,
      created_at: iso(r.createdAt),
    })),
    next_cursor: rows.length > PAGE && last ? encodePageCursor(last.createdAt, last.id) : null,
  };
}
