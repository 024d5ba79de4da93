import { Box, Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_BY_ROLE } from '../../../../contracts/roles.ts';
import type { ScreenName } from '../../../../contracts/routes.ts';
import { screenTitleKey } from '../../lib/screen-title.ts';
import { useSession } from '../../lib/session.ts';
import { useLogout } from '../../lib/use-logout.ts';
import { ClinicTimeNote } from '../clinic-time-note.tsx';
import { AppHeader, type NavItem } from './app-header.tsx';
import { Footer } from './footer.tsx';
import { MENUS, pathOf } from './navigation.ts';

export function PageLoader() {
  const { t } = useTranslation('common');
  return (
    <Center py="xl" data-page-loader>
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

function Frame({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      {header}
      <Box component="main" id="contenido" tabIndex={-1} style={{ flex: 1 }}>
        <ClinicTimeNote />
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </Box>
      <Footer />
    </Box>
  );
}

/** Guest pages: Inicio, Iniciar Sesión, Registrarse. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const items: NavItem[] = [
    { to: '/home', label: t('screen_home') },
    { to: '/login', label: t('nav_login') },
    { to: '/register', label: t('nav_register') },
  ];
  return (
    <Frame header={<AppHeader homeTo="/home" items={items} />}>
      {children}
    </Frame>
  );
}

const PendingRequestCount = lazy(() => import('./pending-request-count.tsx'));

function itemOf(name: ScreenName, t: (key: string) => string): NavItem {
  const item: NavItem = { to: pathOf(name), label: t(screenTitleKey(name)) };
  // The doctor's count of pending requests beside the agenda.
  if (name === 'doctorAgenda') {
    item.badge = (
      <Suspense fallback={null}>
        <PendingRequestCount />
      </Suspense>
    );
  }
  return item;
}

/** The logged-in areas: the menu of the user's role (admin, doctor or patient) and their user menu. */
export function AreaLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const session = useSession();
  const logout = useLogout();
  const role = session?.payload.rol ?? 'paciente';
  const menu = MENUS[role];
  const name = session?.name?.trim() || t(`role_${role}`);
  return (
    <Frame
      header={
        <AppHeader
          homeTo={HOME_BY_ROLE[role]}
          items={menu.main.map((screen) => itemOf(screen, t))}
          user={{ name, items: menu.user.map((screen) => itemOf(screen, t)) }}
          onLogout={() => void logout()}
        />
      }
    >
      {children}
    </Frame>
  );
}

/** Unknown addresses: inside the user's own area when signed in, else among the guest pages. */
export function AnyLayout({ children }: { children: ReactNode }) {
  const session = useSession();
  return session ? <AreaLayout>{children}</AreaLayout> : <PublicLayout>{children}</PublicLayout>;
}
