/**
 * The wallet on its own, inside a fake host with a signed-in player:
 * `pnpm --filter @mchezo/wallet dev`. API calls go to /api/v1 on the same origin.
 */

import { QueryClient, QueryClientProvider } from '@mchezo/host/query';
import { BrowserRouter, Link, Route, Routes } from '@mchezo/host/router';
import { FAKE_USER, FakeHostProvider } from '@mchezo/host/testing';
import { initI18n } from '@mchezo/i18n/instance';
import { StrictMode } from 'react';
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
  <StrictMode>
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: 1 } } })}>
      <BrowserRouter>
        <FakeHostProvider user={FAKE_USER}>
          <Routes>
            <Route path="/" element={<Index />} />
            <Route path="/deposit" element={<DepositPage />} />
            <Route path="/withdraw" element={<WithdrawPage />} />
            <Route path="/transactions" element={<TransactionsPage />} />
          </Routes>
        </FakeHostProvider>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
