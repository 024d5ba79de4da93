import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import type { RespuestaSolicitud, VisitaPaciente } from '../../../../../contracts/home.ts';
import { LateCall } from '../../../components/late-call.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatIso } from '../../../lib/calendar.ts';
import { confirmAction } from '../../../lib/confirm.ts';
import { consultationTypeLabel, formatInstant } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCancelAppointment } from '../../../lib/appointments/cancel-appointment.ts';
import { usePatientHome } from '../api/get-home.ts';

const ESTADO_COLORS = { pendiente: 'yellow', Confirmada: 'teal.9', Cancelada: 'red.9' } as const;

/** /panel-paciente's day: the next visit, the other upcoming ones and the doctors' answers. */
export function PatientToday() {
  const { t, i18n } = useTranslation('home');
  const home = usePatientHome(i18n.language);
  const headingId = useId();
  if (!home.isSuccess) return <QueryFallback pending={home.isPending} failed={t('load_failed')} />;
  const { proxima, otras, total_proximas, respuestas } = home.data;
  const more = total_proximas - 1 - otras.length;
  return (
    <Stack gap="md" mb="xl">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${headingId}-next`}>
        <Group justify="space-between" align="flex-start" gap="sm" mb="xs">
          <Title order={2} size="h4" id={`${headingId}-next`}>
            {t('next_visit')}
          </Title>
          <Button component={Link} to="/pedir-cita" leftSection={<IconCalendarPlus size={18} aria-hidden />}>
            {t('book')}
          </Button>
        </Group>
        {proxima ? <VisitDetail visit={proxima} main /> : <Text>{t('next_visit_none')}</Text>}
      </Paper>
      {otras.length > 0 && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${headingId}-others`}>
          <Title order={2} size="h4" id={`${headingId}-others`} mb="xs">
            {t('other_visits')}
          </Title>
          <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
            {otras.map((visit) => (
              <li key={visit.id_cita}>
                <VisitDetail visit={visit} />
              </li>
            ))}
          </Stack>
          {more > 0 && <Text mt="sm">{t('more_visits', { count: more })}</Text>}
          <Anchor component={Link} to="/mis-visitas" mt="xs" display="inline-block">
            {t('all_visits')}
          </Anchor>
        </Paper>
      )}
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${headingId}-answers`}>
        <Title order={2} size="h4" id={`${headingId}-answers`} mb="xs">
          {t('answers_title')}
        </Title>
        {respuestas.length === 0 ? (
          <Text>{t('answers_none')}</Text>
        ) : (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {respuestas.map((answer) => (
              <li key={answer.id_cita}>
                <Answer answer={answer} />
              </li>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

function VisitDetail({ visit, main = false }: { visit: VisitaPaciente; main?: boolean }) {
  const { t, i18n } = useTranslation('home');
  const cancel = useCancelAppointment();
  const date = formatIso(visit.fecha, { dateStyle: 'full' }, i18n.language);
  const when = { date, time: visit.hora };

  const onCancel = async () => {
    const confirmed = await confirmAction(t('cancel_confirm', when), {
      confirmLabel: t('cancel_confirm_button'),
      cancelLabel: t('back'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await cancel.mutateAsync(visit.id_cita);
      notifySuccess(t('cancelled'));
    } catch (error) {
      const detail = error instanceof ApiError && error.status < 500 ? error.message : '';
      notifyError(detail ? t('cancel_failed_detail', { detail }) : t('cancel_failed'));
    }
  };

  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Text fw={700} size={main ? 'lg' : 'md'}>
          {t('visit_when', when)}
        </Text>
        <Badge color={ESTADO_COLORS[visit.estado]} variant="filled" tt="none" w="max-content">
          {t(`estado_${visit.estado}`)}
        </Badge>
      </Group>
      <Text>{t('visit_with', { doctor: visit.doctor, specialty: visit.especialidad })}</Text>
      <Text size="sm">
        {t('visit_type', { type: consultationTypeLabel(visit.tipo, i18n.language) })} ·{' '}
        {t('visit_reason', { reason: visit.motivo })}
      </Text>
      {main && <Text size="sm">{t(visit.estado === 'pendiente' ? 'pending_explained' : 'confirmed_explained')}</Text>}
      <Group mt={4}>
        <Button
          variant="default"
          size={main ? 'sm' : 'compact-sm'}
          aria-label={t('cancel_label', when)}
          disabled={visit.fuera_de_plazo}
          loading={cancel.isPending}
          onClick={() => void onCancel()}
        >
          {t('cancel')}
        </Button>
      </Group>
      {visit.fuera_de_plazo && <LateCall />}
    </Stack>
  );
}

function Answer({ answer }: { answer: RespuestaSolicitud }) {
  const { t, i18n } = useTranslation('home');
  const values = {
    doctor: answer.doctor,
    date: formatIso(answer.fecha, { dateStyle: 'long' }, i18n.language),
    time: answer.hora,
  };
  const rejected = answer.estado === 'Cancelada';
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        <Badge color={ESTADO_COLORS[answer.estado]} variant="filled" tt="none" w="max-content">
          {t(`estado_${answer.estado}`)}
        </Badge>
        <Text>{t(rejected ? 'answer_rejected' : 'answer_confirmed', values)}</Text>
      </Group>
      {rejected && (
        <Text size="sm">
          {answer.motivo_rechazo ? t('answer_reason', { reason: answer.motivo_rechazo }) : t('answer_no_reason')}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('answered_at', { when: formatInstant(answer.respondida_en, i18n.language) })}
      </Text>
    </Stack>
  );
}
