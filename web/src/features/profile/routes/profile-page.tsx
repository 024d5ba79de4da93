import { Alert, Anchor, Avatar, Badge, Button, Card, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconId, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../../lib/router.tsx';
import { PageLoader } from '../../../components/layout/layouts.tsx';
import { consultationTypeLabel, formatDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useLogout } from '../../../lib/use-logout.ts';
import { useHistoryEntries } from '../api/get-history-entries.ts';

/** /perfil (doctors and patients): view-profile and logout buttons, and the latest history entries. */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const session = useSession();
  const logout = useLogout();
  const entries = useHistoryEntries();
  const isDoctor = session?.payload.rol === 'doctor';
  const name = session?.name?.trim() || (isDoctor ? t('default_doctor') : t('default_patient'));

  return (
    <Container size="md" py="xl">
      <Title order={1}>{t('title')}</Title>
      <Card withBorder radius="md" padding="lg" mt="lg">
        <Group justify="space-between" wrap="wrap" gap="md">
          <Group gap="md" wrap="nowrap">
            <Avatar size="lg" radius="xl" color="blue.8" variant="filled" aria-hidden>
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Stack gap={2}>
              <Text fw={700} size="lg">
                {name}
              </Text>
              <Group gap="xs">
                <Badge variant="filled" color="blue.8">
                  {t(`common:role_${session?.payload.rol ?? 'paciente'}`)}
                </Badge>
                <Text size="sm" c="dimmed">
                  {session?.payload.nombre_usuario}
                </Text>
              </Group>
            </Stack>
          </Group>
          <Group gap="sm">
            <Button
              leftSection={<IconId size={18} aria-hidden />}
              onClick={() => void navigate(isDoctor ? '/ficha-doctor' : '/perfil-paciente')}
            >
              {t('view_profile')}
            </Button>
            <Button variant="default" leftSection={<IconLogout size={18} aria-hidden />} onClick={() => void logout()}>
              {t('logout')}
            </Button>
          </Group>
        </Group>
      </Card>

      <Card withBorder radius="md" padding="lg" mt="lg" component="section" aria-labelledby="perfil-historial">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h3" id="perfil-historial">
            {isDoctor ? t('history_doctor') : t('history')}
          </Title>
          <Anchor component={Link} to="/historial">
            {t('see_all')}
          </Anchor>
        </Group>
        {entries.isPending && <PageLoader />}
        {entries.isError && (
          <Alert color="red" role="alert">
            {t('history_error')}
          </Alert>
        )}
        {entries.data &&
          (entries.data.items.length === 0 ? (
            <Text c="dimmed">{t('history_empty')}</Text>
          ) : (
            <List spacing="sm" listStyleType="none" styles={{ root: { paddingLeft: 0 } }}>
              {entries.data.items.map((entry) => (
                <List.Item key={entry.id_consulta}>
                  <Text fw={600}>
                    {formatDate(entry.fecha)} · {consultationTypeLabel(entry.consulta)}
                    {isDoctor ? ` · ${entry.paciente}` : ` · ${entry.doctor}`}
                  </Text>
                  <Text size="sm">{entry.descripcion || entry.motivo}</Text>
                </List.Item>
              ))}
            </List>
          ))}
      </Card>
    </Container>
  );
}
