import { defineRemoteConfig } from '@mchezo/tooling/remote-config';

export default defineRemoteConfig({
  name: 'wallet',
  devPort: 3103,
  exposes: {
    './DepositPage': './src/pages/deposit-page.tsx',
    './WithdrawPage': './src/pages/withdraw-page.tsx',
    './TransactionsPage': './src/pages/transactions-page.tsx',
  },
  // Painted from the page's HTML before any script runs, in the player's language (decision 026).
  firstScreens: {
    DepositPage: './src/pages/deposit-page.first-screen.html',
    WithdrawPage: './src/pages/withdraw-page.first-screen.html',
  },
});
