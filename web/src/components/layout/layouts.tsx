import { Box, Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import type { Role } from '../../../../contracts/roles.ts';
import { HOME_BY_ROLE } from '../../../../contracts/roles.ts';
import { useSession } from '../../lib/session.ts';
import { useLogout } from '../../lib/use-logout.ts';
import { AppHeader, type NavItem } from './app-header.tsx';
import { Footer } from './footer.tsx';

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
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </Box>
      <Footer />
    </Box>
  );
}

/** Guest pages: Inicio, Iniciar Sesión, Registrarse. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  const items: NavItem[] = [
    { to: '/home', label: t('nav_home') },
    { to: '/login', label: t('nav_login') },
    { to: '/register', label: t('nav_register') },
  ];
  return (
    <Frame header={<AppHeader homeTo="/home" items={items} />}>
      <Outlet />
    </Frame>
  );
}

const PendingRequestCount = lazy(() => import('./pending-request-count.tsx'));

function navigationFor(role: Role, t: (key: string) => string): NavItem[] {
  switch (role) {
    case 'admin':
      return [
        { to: '/panel-admin', label: t('nav_admin_home') },
        { to: '/chat', label: t('nav_chat') },
        { to: '/gestionRegister', label: t('nav_register_doctor') },
        { to: '/gestion-usuarios', label: t('nav_manage_users') },
        { to: '/clinica', label: t('nav_clinic') },
      ];
    case 'doctor':
      return [
        { to: '/perfil-doctor', label: t('nav_admin_home') },
        { to: '/chat', label: t('nav_chat') },
        {
          to: '/agenda-doctor',
          label: t('nav_agenda'),
          badge: (
            <Suspense fallback={null}>
              <PendingRequestCount />
            </Suspense>
          ),
        },
        { to: '/ficha-doctor', label: t('nav_doctor_profile') },
      ];
    case 'paciente':
      return [
        { to: '/panel-paciente', label: t('nav_home') },
        { to: '/pedir-cita', label: t('nav_book') },
        { to: '/mis-visitas', label: t('nav_visits') },
        { to: '/historial', label: t('nav_history') },
        { to: '/chat', label: t('nav_chat') },
      ];
  }
}

/** The logged-in areas: the header of the user's role (admin, doctor or patient). */
export function AreaLayout() {
  const { t } = useTranslation('common');
  const session = useSession();
  const logout = useLogout();
  const role = session?.payload.rol ?? 'paciente';
  return (
    <Frame
      header={<AppHeader homeTo={HOME_BY_ROLE[role]} items={navigationFor(role, t)} onLogout={() => void logout()} />}
    >
      <Outlet />
    </Frame>
  );
}
