import { Anchor, Card, Container, Grid, Group, NavLink, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarPlus,
  IconCalendarTime,
  IconClipboardHeart,
  IconFileDescription,
  IconHistory,
  IconLogout,
  IconMessageChatbot,
  IconUserCircle,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../../../lib/router.tsx';
import { useSession } from '../../../lib/session.ts';
import { useLogout } from '../../../lib/use-logout.ts';
import { PatientToday } from '../components/patient-today.tsx';

interface Destination {
  to: string;
  label: string;
  icon: ReactNode;
}

/** /panel-paciente: greeting with the stored name, the day's visits (issue 11), the sidebar and four cards (spec section 2). */
export default function PatientDashboardPage() {
  const { t } = useTranslation('patient');
  const session = useSession();
  const logout = useLogout();
  const { pathname } = useLocation();
  const name = session?.name?.trim() || t('default_name');

  const sidebar: Destination[] = [
    { to: '/perfil-paciente', label: t('nav_profile'), icon: <IconUserCircle size={20} aria-hidden /> },
    { to: '/ficha-paciente', label: t('nav_file'), icon: <IconFileDescription size={20} aria-hidden /> },
    { to: '/resumen-paciente', label: t('nav_summary'), icon: <IconClipboardHeart size={20} aria-hidden /> },
    { to: '/historial', label: t('nav_history'), icon: <IconHistory size={20} aria-hidden /> },
    { to: '/pedir-cita', label: t('nav_book'), icon: <IconCalendarPlus size={20} aria-hidden /> },
    { to: '/mis-visitas', label: t('nav_visits'), icon: <IconCalendarTime size={20} aria-hidden /> },
    { to: '/chat', label: t('nav_chat'), icon: <IconMessageChatbot size={20} aria-hidden /> },
  ];
  const cards = [
    { to: '/ficha-paciente', title: t('card_file_title'), text: t('card_file_text'), icon: IconFileDescription },
    { to: '/historial', title: t('card_history_title'), text: t('card_history_text'), icon: IconHistory },
    { to: '/pedir-cita', title: t('card_book_title'), text: t('card_book_text'), icon: IconCalendarPlus },
    { to: '/chat', title: t('card_chat_title'), text: t('card_chat_text'), icon: IconMessageChatbot },
  ];

  return (
    <Container size="lg" py="xl">
      <Grid gap="xl">
        {/* On a phone the greeting and the next visit come first, the menu after them (the header's
            menu has the same destinations); from md the menu is the column on the left. */}
        <Grid.Col span={{ base: 12, md: 9 }} order={{ md: 2 }}>
          <Stack gap="xs" mb="lg">
            <Title order={1}>{t('greeting', { name })}</Title>
            <Text c="dimmed">{t('dashboard_intro')}</Text>
            <Text>
              <Anchor component={Link} to="/resumen-paciente">
                {t('summary_link')}
              </Anchor>
            </Text>
          </Stack>
          <PatientToday />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {cards.map((card) => (
              <Card key={card.to} withBorder radius="md" padding="lg" component={Link} to={card.to}>
                <Group wrap="nowrap" align="flex-start">
                  <ThemeIcon size={44} radius="md" variant="filled" color="blue.8" aria-hidden>
                    <card.icon size={26} />
                  </ThemeIcon>
                  <Stack gap={4}>
                    <Text component="h2" fw={700} size="lg" m={0}>
                      {card.title}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {card.text}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }} order={{ md: 1 }}>
          <Paper withBorder radius="md" p="xs" component="nav" aria-label={t('sidebar_label')}>
            {sidebar.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={item.icon}
                active={pathname === item.to}
              />
            ))}
            <NavLink
              component="button"
              label={t('nav_logout')}
              leftSection={<IconLogout size={20} aria-hidden />}
              onClick={() => void logout()}
            />
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
