/**
 * The wallet on its own, inside a fake host with a signed-in player:
 * `pnpm --filter @mchezo/wallet dev`, on the wallet's routes of the site's route table (an index
 * of them at `/`). API calls go to /api/v1 on the same origin.
 */

import { QueryClient } from '@mchezo/host/query';
import { StandaloneApp } from '@mchezo/host/standalone';
import { FAKE_USER } from '@mchezo/host/testing';
import { initI18n } from '@mchezo/i18n/instance';
import { createRoot } from 'react-dom/client';
import DepositPage from '../pages/deposit-page.tsx';
import TransactionsPage from '../pages/transactions-page.tsx';
import WithdrawPage from '../pages/withdraw-page.tsx';
import './standalone.css';

initI18n();
createRoot(document.getElementById('root')!).render(
  <StandaloneApp
    remote="wallet"
    pages={{ DepositPage, WithdrawPage, TransactionsPage }}
    queryClient={new QueryClient({ defaultOptions: { queries: { retry: 1 } } })}
    user={FAKE_USER}
  />,
);
