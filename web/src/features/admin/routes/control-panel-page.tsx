import { Anchor, Code, Container, Group, List, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import { SCREENS, type RouteAccess, type ScreenName } from '../../../../../contracts/routes.ts';

const GROUPS = ['public', 'admin', 'recepcion', 'doctor', 'paciente', 'shared'] as const;
type Group = (typeof GROUPS)[number];

/** Public screens, the screens of one role, and those several roles share. */
function groupOf(access: RouteAccess): Group {
  if (access === 'public') return 'public';
  return access.length === 1 && access[0] ? access[0] : 'shared';
}

const screensByGroup = (Object.keys(SCREENS) as ScreenName[]).reduce<Record<Group, ScreenName[]>>(
  (groups, name) => {
    groups[groupOf(SCREENS[name].access)].push(name);
    return groups;
  },
  { public: [], admin: [], recepcion: [], doctor: [], paciente: [], shared: [] },
);

/** The developer control page (spec section 2): a link to every screen of the route table. */
export default function ControlPanelPage() {
  const { t } = useTranslation('control-panel');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{t('title')}</Title>
      <Text mt="sm" maw={760}>
        {t('intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" mt="xl">
        {GROUPS.map((group) => (
          <Paper key={group} withBorder radius="md" p="lg" component="section" aria-labelledby={`group-${group}`}>
            <Group justify="space-between" align="baseline">
              <Title order={2} size="h4" id={`group-${group}`}>
                {t(`group_${group}`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t('count', { count: screensByGroup[group].length })}
              </Text>
            </Group>
            <List mt="md" spacing="sm" listStyleType="none">
              {screensByGroup[group].map((name) => {
                const { path, access } = SCREENS[name];
                return (
                  <List.Item key={name}>
                    <Anchor component={Link} to={path} fw={500}>
                      {t(`screen_${name}`, { defaultValue: path })}
                    </Anchor>{' '}
                    <Code>{path}</Code>
                    {group === 'shared' && access !== 'public' && (
                      <Text size="xs" c="dimmed">
                        {t('access', { roles: access.map((role) => t(`common:role_${role}`)).join(', ') })}
                      </Text>
                    )}
                  </List.Item>
                );
              })}
            </List>
          </Paper>
        ))}
      </SimpleGrid>
    </Container>
  );
}
