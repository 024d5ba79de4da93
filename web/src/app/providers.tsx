import './mantine.css';
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { colorSchemeManager, cssVariablesResolver, theme } from '../lib/theme.ts';
import { PageLoader } from '../components/layout/layouts.tsx';
import { OverlayHosts } from './overlay-hosts.tsx';

// The query cache is not here: app/router.tsx wraps each screen that reads the API in it.
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      <OverlayHosts />
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </MantineProvider>
  );
}
