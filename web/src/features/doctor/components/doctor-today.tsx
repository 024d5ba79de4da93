import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import type { SolicitudPendiente, VisitaHoy } from '../../../../../contracts/home.ts';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { VisitTypeName } from '../../../components/visit-type-name.tsx';
import { VisitsByType } from '../../../components/visits-by-type.tsx';
import { RejectRequestDialog } from '../../../components/reject-request-dialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatIso } from '../../../lib/calendar.ts';
import { consultationTypeLabel, formatInstant } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAnswerAppointmentRequest, type AppointmentAnswer } from '../../../lib/appointments/answer-appointment-request.ts';
import { useDoctorHome } from '../api/get-home.ts';

const ESTADO_COLORS = { pendiente: 'yellow', Confirmada: 'teal.9' } as const;

/** /perfil-doctor's day: today's visits, the requests waiting longest, tomorrow's count. */
export function DoctorToday() {
  const { t, i18n } = useTranslation('home');
  const home = useDoctorHome();
  const todayId = useId();
  const requestsId = useId();
  if (!home.isSuccess) return <QueryFallback pending={home.isPending} failed={t('load_failed')} />;
  const { hoy, manana, visitas_hoy, visitas_hoy_por_tipo, pendientes, pendientes_total, manana_total, manana_pendientes } = home.data;
  const tomorrow = formatIso(manana, { weekday: 'long', day: 'numeric', month: 'long' }, i18n.language);
  return (
    <Stack gap="md" mb="xl">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby={todayId}>
        <Title order={2} size="h4" id={todayId}>
          {t('doctor_today', {
            date: formatIso(hoy, { weekday: 'long', day: 'numeric', month: 'long' }, i18n.language),
          })}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {visitas_hoy.length === 0 ? t('today_none') : t('today_count', { count: visitas_hoy.length })}
        </Text>
        {visitas_hoy_por_tipo && <VisitsByType counts={visitas_hoy_por_tipo} label={t('visit-types:today_by_type')} />}
        {visitas_hoy.length > 0 && (
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={todayId}>
            {visitas_hoy.map((visit) => (
              <TodayVisit key={visit.id_cita} visit={visit} />
            ))}
          </Stack>
        )}
        <Text mt="sm">
          {manana_total === 0
            ? t('tomorrow_none', { date: tomorrow })
            : manana_pendientes > 0
              ? t('tomorrow_count_pending', { count: manana_total, pending: manana_pendientes, date: tomorrow })
              : t('tomorrow_count', { count: manana_total, date: tomorrow })}
        </Text>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby={requestsId}>
        <Title order={2} size="h4" id={requestsId}>
          {t('requests_title')}
        </Title>
        <Text mb="sm">
          {pendientes_total === 0 ? t('requests_none') : t('requests_count', { count: pendientes_total })}
        </Text>
        {pendientes.length > 0 && (
          <>
            <Text size="sm" c="dimmed" mb="xs">
              {t('requests_oldest', { count: pendientes.length })}
            </Text>
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {pendientes.map((request) => (
                <PendingRequest key={request.id_cita} request={request} />
              ))}
            </Stack>
          </>
        )}
        <Anchor component={Link} to="/agenda-doctor" mt="sm" display="inline-block">
          {t('requests_all')}
        </Anchor>
      </Paper>
    </Stack>
  );
}

function TodayVisit({ visit }: { visit: VisitaHoy }) {
  const { t, i18n } = useTranslation('home');
  return (
    <Group
      component="li"
      gap="xs"
      py={6}
      wrap="wrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text fw={700} w="3.5rem">
        {visit.hora}
      </Text>
      <Anchor
        component={Link}
        to={`/medical-record?paciente=${visit.id_paciente}`}
        aria-label={t('open_record_named', { patient: visit.paciente })}
        style={{ flex: '1 1 10rem' }}
      >
        {visit.paciente}
      </Anchor>
      <Group gap={6} wrap="nowrap">
        <Badge variant="outline" color="gray" tt="none" w="max-content" styles={{ root: { color: 'var(--mantine-color-text)' } }}>
          {visit.tipo_visita ? <VisitTypeName type={visit.tipo_visita} /> : consultationTypeLabel(visit.tipo, i18n.language)}
        </Badge>
        <Badge color={ESTADO_COLORS[visit.estado]} variant="filled" tt="none" w="max-content">
          {t(`estado_${visit.estado}`)}
        </Badge>
      </Group>
    </Group>
  );
}

function PendingRequest({ request }: { request: SolicitudPendiente }) {
  const { t, i18n } = useTranslation('home');
  const answer = useAnswerAppointmentRequest();
  const [rejecting, setRejecting] = useState(false);
  const values = {
    patient: request.paciente,
    date: formatIso(request.fecha, { dateStyle: 'long' }, i18n.language),
    time: request.hora,
  };
  const seen = { fecha: request.fecha, hora: request.hora };

  const respond = async (input: AppointmentAnswer) => {
    const accepted = input.estado === 'Confirmada';
    try {
      await answer.mutateAsync(input);
      notifySuccess(t(accepted ? 'accepted' : 'rejected'));
      setRejecting(false);
      return true;
    } catch (error) {
      const detail = error instanceof ApiError && error.status < 500 ? error.message : '';
      notifyError(detail ? t('answer_failed_detail', { detail }) : t('answer_failed'));
      return false;
    }
  };

  return (
    <Paper component="li" withBorder p="sm" radius="sm">
      <Text fw={600}>
        {t('visit_when', {
          date: formatIso(request.fecha, { weekday: 'short', day: 'numeric', month: 'short' }, i18n.language),
          time: request.hora,
        })}{' '}
        · {request.paciente}
      </Text>
      <Text size="sm">{t('visit_reason', { reason: request.motivo })}</Text>
      <Text size="sm" c="dimmed">
        {t('requested_at', { when: formatInstant(request.solicitada_en, i18n.language) })}
      </Text>
      <Group gap="xs" mt="xs">
        <Button
          size="xs"
          color="teal.9"
          disabled={answer.isPending}
          aria-label={t('accept_label', values)}
          onClick={() => void respond({ id_cita: request.id_cita, estado: 'Confirmada', seen })}
        >
          {t('accept')}
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={answer.isPending}
          aria-label={t('reject_label', values)}
          onClick={() => setRejecting(true)}
        >
          {t('reject')}
        </Button>
      </Group>
      {rejecting && (
        <RejectRequestDialog
          target={{ paciente: request.paciente, date: values.date, time: request.hora }}
          busy={answer.isPending}
          onClose={() => setRejecting(false)}
          onReject={(motivo) => respond({ id_cita: request.id_cita, estado: 'Cancelada', seen, ...(motivo ? { motivo } : {}) })}
        />
      )}
    </Paper>
  );
}
