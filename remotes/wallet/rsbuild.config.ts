import { defineRemoteConfig } from '@mchezo/tooling/remote-config';

export default defineRemoteConfig({
  name: 'wallet',
  devPort: 3103,
  exposes: {
    './DepositPage': './src/pages/deposit-page.tsx',
    './WithdrawPage': './src/pages/withdraw-page.tsx',
    './TransactionsPage': './src/pages/transactions-page.tsx',
  },
});
