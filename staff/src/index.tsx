import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startI18n } from './i18n/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('staff: no #root in the page');

startI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
