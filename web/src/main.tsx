import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n.ts';
import { Providers } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { loadClinicClock } from './lib/clinic-clock.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The clinic's time zone, asked for beside the first render (not before it: no wait on start).
void loadClinicClock();

createRoot(root).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
