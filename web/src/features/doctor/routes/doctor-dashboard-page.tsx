import { IconCalendarEvent, IconId, IconMessageChatbot, IconUser, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canOpen } from '../../../../../contracts/routes.ts';
import { Dashboard, dashboardCard, dashboardLink, type DashboardCard, type DashboardLink } from '../../../components/dashboard.tsx';
import type { FirstReads } from '../../../lib/first-reads.ts';
import { useSession } from '../../../lib/session.ts';
import { doctorHomeQuery } from '../api/get-home.ts';
import { DoctorNotices } from '../components/doctor-notices.tsx';
import { DoctorToday } from '../components/doctor-today.tsx';
import { WaitingRoom } from '../components/waiting-room.tsx';

export const firstReads: FirstReads = (client) => void client.prefetchQuery(doctorHomeQuery);

export default function DoctorDashboardPage() {
  const { t } = useTranslation('doctor');
  const session = useSession();
  const role = session?.payload.rol;
  // Registro opens a screen only admins may open: shown to admins only.
  const mayRegister = canOpen('doctorRegistration', role);

  const links: DashboardLink[] = [
    dashboardLink(t, '/ficha-doctor', 'link_my_profile', IconUser),
    dashboardLink(t, '/ficha-doctor', 'link_file', IconId),
    ...(mayRegister ? [dashboardLink(t, '/gestionRegister', 'link_register', IconUserPlus)] : []),
    dashboardLink(t, '/agenda-doctor', 'link_agenda', IconCalendarEvent),
    dashboardLink(t, '/chat', 'link_chatbot', IconMessageChatbot),
  ];
  const cards: DashboardCard[] = [
    dashboardCard(t, '/chat', 'card_chatbot', IconMessageChatbot),
    dashboardCard(t, '/ficha-doctor', 'card_file', IconId),
    ...(mayRegister ? [dashboardCard(t, '/gestionRegister', 'card_register', IconUserPlus)] : []),
    dashboardCard(t, '/agenda-doctor', 'card_agenda', IconCalendarEvent),
  ];

  return (
    <Dashboard
      title={t('greeting', { name: session?.name || t('fallback_name') })}
      subtitle={t('dashboard_subtitle')}
      navLabel={t('dashboard_nav')}
      links={links}
      cards={cards}
      logoutLabel={t('logout')}
    >
      <WaitingRoom />
      <DoctorToday />
      <DoctorNotices />
    </Dashboard>
  );
}
