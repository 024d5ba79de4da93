import { Anchor } from '@mantine/core';
import {
  IconCalendarPlus,
  IconCalendarTime,
  IconClipboardHeart,
  IconFileDescription,
  IconHistory,
  IconMessageChatbot,
  IconUserCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  Dashboard,
  dashboardCard,
  dashboardLink,
  type DashboardCard,
  type DashboardLink,
} from '../../../components/dashboard.tsx';
import type { FirstReads } from '../../../lib/first-reads.ts';
import { Link } from '../../../lib/router.tsx';
import { useSession } from '../../../lib/session.ts';
import { patientHomeQuery } from '../api/get-home.ts';
import { PatientToday } from '../components/patient-today.tsx';

export const firstReads: FirstReads = (client, { language }) => void client.prefetchQuery(patientHomeQuery(language));

/**
 * /panel-paciente: greeting with the stored name, the day's visits, the sidebar and four
 * cards (spec section 2), laid out as every role's home (components/dashboard.tsx): on a phone the
 * greeting and the next visit come first, the menu after them.
 */
export default function PatientDashboardPage() {
  const { t } = useTranslation('patient');
  const session = useSession();
  const name = session?.name?.trim() || t('default_name');

  const links: DashboardLink[] = [
    dashboardLink(t, '/perfil-paciente', 'nav_profile', IconUserCircle),
    dashboardLink(t, '/ficha-paciente', 'nav_file', IconFileDescription),
    dashboardLink(t, '/resumen-paciente', 'nav_summary', IconClipboardHeart),
    dashboardLink(t, '/historial', 'nav_history', IconHistory),
    dashboardLink(t, '/pedir-cita', 'nav_book', IconCalendarPlus),
    dashboardLink(t, '/mis-visitas', 'nav_visits', IconCalendarTime),
    dashboardLink(t, '/chat', 'nav_chat', IconMessageChatbot),
  ];
  const cards: DashboardCard[] = [
    dashboardCard(t, '/ficha-paciente', 'card_file', IconFileDescription),
    dashboardCard(t, '/historial', 'card_history', IconHistory),
    dashboardCard(t, '/pedir-cita', 'card_book', IconCalendarPlus),
    dashboardCard(t, '/chat', 'card_chat', IconMessageChatbot),
  ];

  return (
    <Dashboard
      title={t('greeting', { name })}
      subtitle={t('dashboard_intro')}
      titleLink={
        <Anchor component={Link} to="/resumen-paciente">
          {t('summary_link')}
        </Anchor>
      }
      navLabel={t('sidebar_label')}
      links={links}
      cards={cards}
      logoutLabel={t('nav_logout')}
    >
      <PatientToday />
    </Dashboard>
  );
}
