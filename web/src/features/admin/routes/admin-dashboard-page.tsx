import {
  IconLayoutDashboard,
  IconMessageChatbot,
  IconUser,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Dashboard, dashboardCard, dashboardLink, type DashboardCard, type DashboardLink } from '../../../components/dashboard.tsx';
import { useSession } from '../../../lib/session.ts';
import { ClinicFigures } from '../components/clinic-figures.tsx';

export default function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  const session = useSession();
  // Mi Perfil opens the account page, which admins may open.
  const links: DashboardLink[] = [
    dashboardLink(t, '/mi-cuenta', 'link_my_profile', IconUser),
    dashboardLink(t, '/gestionRegister', 'link_register_doctors', IconUserPlus),
    dashboardLink(t, '/lista-pacientes', 'link_patient_list', IconUsersGroup),
    dashboardLink(t, '/gestion-usuarios', 'link_manage_users', IconUsers),
    dashboardLink(t, '/chat', 'link_chatbot', IconMessageChatbot),
  ];
  const cards: DashboardCard[] = [
    dashboardCard(t, '/chat', 'card_chatbot', IconMessageChatbot),
    dashboardCard(t, '/gestionRegister', 'card_register_doctors', IconUserPlus),
    dashboardCard(t, '/lista-pacientes', 'card_patient_list', IconUsersGroup),
    dashboardCard(t, '/gestion-usuarios', 'card_manage_users', IconLayoutDashboard),
  ];

  return (
    <Dashboard
      title={t('dashboard_title')}
      subtitle={t('dashboard_greeting', { name: session?.name || t('admin_fallback_name') })}
      navLabel={t('dashboard_nav')}
      links={links}
      cards={cards}
      logoutLabel={t('logout')}
    >
      <ClinicFigures />
    </Dashboard>
  );
}
