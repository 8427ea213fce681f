/**
 * The wallet on its own, inside a fake host with a signed-in player:
 * `pnpm --filter @mchezo/wallet dev`. API calls go to /api/v1 on the same origin.
 */

import { QueryClient } from '@mchezo/host/query';
import { Link, Route } from '@mchezo/host/router';
import { StandaloneApp } from '@mchezo/host/standalone';
import { FAKE_USER } from '@mchezo/host/testing';
import { initI18n } from '@mchezo/i18n/instance';
import { createRoot } from 'react-dom/client';
import DepositPage from '../pages/deposit-page.tsx';
import TransactionsPage from '../pages/transactions-page.tsx';
import WithdrawPage from '../pages/withdraw-page.tsx';
import './standalone.css';

function Index() {
  return (
    <nav style={{ display: 'grid', gap: 12, padding: 16 }}>
      <Link to="/deposit">/deposit</Link>
      <Link to="/withdraw">/withdraw</Link>
      <Link to="/transactions">/transactions</Link>
    </nav>
  );
}

initI18n();
createRoot(document.getElementById('root')!).render(
  <StandaloneApp
    queryClient={new QueryClient({ defaultOptions: { queries: { retry: 1 } } })}
    user={FAKE_USER}
  >
    <Route path="/" element={<Index />} />
    <Route path="/deposit" element={<DepositPage />} />
    <Route path="/withdraw" element={<WithdrawPage />} />
    <Route path="/transactions" element={<TransactionsPage />} />
  </StandaloneApp>,
);
