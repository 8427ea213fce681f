import { api } from '@mchezo/api-client/client';
import { fromCents } from '@mchezo/contracts/money';
import type { TaxPreviewResponse, TransactionType } from '@mchezo/contracts/wallet';
import { WALLET_KEY } from '@mchezo/host/queries/wallet-balance';
import { useQuery } from '@mchezo/host/query';
import { useEffect, useState } from 'react';
import { TAX_PREVIEW_DEBOUNCE_MS } from '../screen-constants.ts';

const TAX_PREVIEW_KEY = [...WALLET_KEY, 'tax-preview'] as const;

function taxPreviewPath(type: TransactionType, cents: number): string {
  return `/wallet/tax-preview?${new URLSearchParams({ type, amount: String(fromCents(cents)) })}`;
}

/** The value once it has stayed the same for `ms`: one preview per amount the player stops at. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * GET /wallet/tax-preview for a valid amount (`null`: none yet), keyed by type and amount, asked
 * once the typing pauses. `settling` is true while the typed amount is not the one asked about.
 */
export function useTaxPreview(type: TransactionType, cents: number | null) {
  const settled = useSettled(cents, TAX_PREVIEW_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: [...TAX_PREVIEW_KEY, type, settled],
    queryFn: ({ signal }) => api.get<TaxPreviewResponse>(taxPreviewPath(type, settled ?? 0), { signal }),
    enabled: settled !== null,
    // Rates change with a Finance Act, not while the form is open.
    staleTime: 5 * 60_000,
  });
  return { ...query, settling: settled !== cents };
}
