import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router.tsx';
import type { Sesion } from '../../../../../contracts/sessions.ts';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { confirmAction } from '../../../lib/confirm.ts';
import { formatDate } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { rememberLoginReason } from '../../../lib/login-reason.ts';
import { clearSession } from '../../../lib/session.ts';
import { useLogout } from '../../../lib/use-logout.ts';
import { useEndAllSessions, useEndOtherSessions, useEndSession, useSessions } from '../api/sessions.ts';

/** My sessions: where I am logged in, and a way to end any or all of them. */
export function SessionsCard() {
  const { t, i18n } = useTranslation('account');
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const endAll = useEndAllSessions();
  const logout = useLogout();
  const navigate = useNavigate();

  const deviceOf = (session: Sesion) => session.dispositivo ?? t('sessions_unknown_device');
  const lastUse = (session: Sesion) => `${formatDate(session.ultimo_uso_fecha, i18n.language)}, ${session.ultimo_uso_hora}`;

  const end = async (session: Sesion) => {
    if (session.actual) {
      if (await confirmAction(t('sessions_confirm_this'), { confirmLabel: t('sessions_end'), danger: true })) await logout();
      return;
    }
    const question = t('sessions_confirm_one', { device: deviceOf(session), when: lastUse(session) });
    if (!(await confirmAction(question, { confirmLabel: t('sessions_end'), danger: true }))) return;
    try {
      await endOne.mutateAsync(session.id);
      notifySuccess(t('sessions_ended_one', { device: deviceOf(session) }));
    } catch {
      notifyError(t('sessions_error'));
    }
  };

  const endOtherSessions = async () => {
    if (!(await confirmAction(t('sessions_confirm_others'), { confirmLabel: t('sessions_end_others'), danger: true }))) return;
    try {
      const { cerradas } = await endOthers.mutateAsync();
      notifySuccess(t('sessions_ended_others', { count: cerradas }));
    } catch {
      notifyError(t('sessions_error'));
    }
  };

  const endEverySession = async () => {
    if (!(await confirmAction(t('sessions_confirm_all'), { confirmLabel: t('sessions_end_all'), danger: true }))) return;
    try {
      await endAll.mutateAsync();
    } catch {
      notifyError(t('sessions_error'));
      return;
    }
    // As at log-out: this device forgets the session (and with it the cached data) and goes to /login.
    clearSession();
    rememberLoginReason('salida');
    void navigate('/login');
  };

  const others = sessions.data?.filter((session) => !session.actual).length ?? 0;

  return (
    <Paper withBorder radius="md" p="lg" mt="lg" component="section" aria-labelledby="sesiones-titulo">
      <Title order={2} size="h3" id="sesiones-titulo">
        {t('sessions_title')}
      </Title>
      <Text c="dimmed" size="sm" mt={4} mb="md">
        {t('sessions_intro')}
      </Text>
      {!sessions.isSuccess ? (
        <QueryFallback pending={sessions.isPending} failed={t('common:load_error')} size="sm" />
      ) : (
        <Stack gap="sm">
          <Stack gap="sm" component="ul" aria-label={t('sessions_list')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {sessions.data.map((session) => (
              <Paper key={session.id} component="li" withBorder radius="sm" p="sm">
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                    <Group gap="xs">
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {deviceOf(session)}
                      </Text>
                      {session.actual && (
                        <Badge variant="light" style={{ flexShrink: 0 }}>
                          {t('sessions_this_device')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {t('sessions_address', { address: session.direccion ?? t('sessions_unknown_address') })}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('sessions_last_use', { when: lastUse(session) })}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => void end(session)}
                    loading={endOne.isPending && endOne.variables === session.id}
                    aria-label={session.actual ? t('sessions_end_this') : t('sessions_end_named', { device: deviceOf(session), when: lastUse(session) })}
                  >
                    {t('sessions_end')}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
          <Group gap="sm" mt="xs">
            <Button variant="default" onClick={() => void endOtherSessions()} disabled={others === 0} loading={endOthers.isPending}>
              {t('sessions_end_others')}
            </Button>
            <Button color="red" variant="light" onClick={() => void endEverySession()} loading={endAll.isPending}>
              {t('sessions_end_all')}
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
