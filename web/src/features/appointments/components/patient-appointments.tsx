import { Alert, Badge, Button, ColorSwatch, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import type { EstadoCita, MiCita } from '../../../../../contracts/appointments.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { LateCall } from '../../../components/late-call.tsx';
import { ListPager } from '../../../components/list-pager.tsx';
import { ApiError } from '../../../lib/api.ts';
import { confirmAction } from '../../../lib/confirm.ts';
import { formatIso } from '../../../lib/calendar.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePageSettled } from '../../../lib/page-settled.ts';
import { useCancelAppointment } from '../../../lib/appointments/cancel-appointment.ts';
import { usePatientBookingRules } from '../../../lib/appointments/get-booking-rules.ts';
import { PAGE_SIZE, useMyAppointments, type Periodo } from '../api/get-my-appointments.ts';
import { WaitlistSection } from './waitlist-section.tsx';
import { NoShowDispute } from './no-show-dispute.tsx';
import { plazoTexto } from '../../../../../contracts/booking-rules-words.ts';

// The reschedule dialog (Modal and the doctor's week) loads after the list is drawn.
const RescheduleModal = lazy(() =>
  import('./reschedule-modal.tsx').then((module) => ({ default: module.RescheduleModal })),
);

// teal.9: white text on it keeps 4.5:1 (green's filled shade does not).
const ESTADO_COLORS: Record<EstadoCita, string> = { pendiente: 'yellow', Confirmada: 'teal.9', Cancelada: 'gray' };

/**
 * /mis-visitas for a patient: upcoming appointments (which can be cancelled), the cancelled and
 * rejected ones (who did it, and the doctor's reason), and past ones.
 */
export function PatientAppointments() {
  const { t } = useTranslation('visits');
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="center">
          <Title order={1}>{t('title')}</Title>
          <Button component={Link} to="/pedir-cita">
            {t('book')}
          </Button>
        </Group>
        <NoticeRule />
        <AppointmentList periodo="proximas" />
        <WaitlistSection />
        <AppointmentList periodo="canceladas" />
        <AppointmentList periodo="pasadas" />
      </Stack>
    </Container>
  );
}

function AppointmentList({ periodo }: { periodo: Periodo }) {
  const { t, i18n } = useTranslation('visits');
  const { t: tv } = useTranslation('visit-types');
  const headingId = useId();
  const [page, setPage] = useState(1);
  const appointments = useMyAppointments(periodo, page, i18n.language);
  const cancel = useCancelAppointment();
  const [moving, setMoving] = useState<MiCita | null>(null);
  const pageSettled = usePageSettled();
  const upcoming = periodo === 'proximas';
  const cancelled = periodo === 'canceladas';
  const longDate = (fecha: string) => formatIso(fecha, { dateStyle: 'full' }, i18n.language);

  const onCancel = async (cita: MiCita) => {
    const when = { date: longDate(cita.fecha), time: cita.hora };
    const confirmed = await confirmAction(t('cancel_confirm', when), {
      confirmLabel: t('cancel_confirm_button'),
      cancelLabel: t('common:back'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await cancel.mutateAsync(cita.id_cita);
      notifySuccess(t('cancelled'));
    } catch (error) {
      const detail = error instanceof ApiError && error.status < 500 ? error.message : '';
      notifyError(detail ? t('cancel_failed_detail', { detail }) : t('cancel_failed'));
    }
  };

  const items = appointments.data?.items ?? [];
  const total = appointments.data?.total ?? 0;

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} id={headingId} size="h3">
        {t(upcoming ? 'upcoming' : cancelled ? 'cancelled_group' : 'past')}
      </Title>
      {appointments.isError ? (
        <Alert color="red" role="alert">
          {t('load_failed')}
        </Alert>
      ) : appointments.isPending ? (
        <Loader aria-label={t('common:loading')} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t(upcoming ? 'no_upcoming' : cancelled ? 'no_cancelled' : 'no_past')}</Text>
      ) : (
        <DataTable
          rows={items}
          rowKey={(cita) => cita.id_cita}
          minWidth={760}
          table={{ striped: true, highlightOnHover: true, verticalSpacing: 'sm' }}
          columns={[
            {
              label: t('date'),
              cell: (cita) =>
                formatIso(
                  cita.fecha,
                  { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
                  i18n.language,
                ),
            },
            { label: t('time'), cell: (cita) => cita.hora },
            { label: t('doctor'), cell: (cita) => cita.doctor },
            { label: t('specialty'), cell: (cita) => cita.especialidad },
            {
              label: tv('pick_label'),
              cell: (cita) =>
                cita.tipo_visita ? (
                  <Group gap={6} wrap="nowrap">
                    <ColorSwatch color={cita.tipo_visita.color} size={12} aria-hidden style={{ flexShrink: 0 }} />
                    <span>{cita.tipo_visita.nombre}</span>
                  </Group>
                ) : (
                  t('common:empty_value')
                ),
            },
            { label: t('reason'), cell: (cita) => cita.motivo },
            {
              label: t('status'),
              cell: (cita) =>
                cancelled ? (
                  <CancellationCell cita={cita} />
                ) : cita.asistencia === 'No presentado' ? (
                  <Stack gap={4}>
                    <Badge color="red.9" variant="filled" tt="none" w="max-content">
                      {t('asistencia_no_presentado')}
                    </Badge>
                    <NoShowDispute cita={cita} when={`${longDate(cita.fecha)}, ${cita.hora}`} />
                  </Stack>
                ) : (
                  <Badge color={ESTADO_COLORS[cita.estado]} variant="filled" tt="none" w="max-content">
                    {t(`estado_${cita.estado}`)}
                  </Badge>
                ),
            },
            ...(upcoming
              ? [
                  {
                    label: t('actions'),
                    cell: (cita: MiCita) =>
                      cita.cancelable && (
                        <Stack gap={4}>
                          <Group gap="xs">
                            <Button
                              size="compact-sm"
                              variant="default"
                              disabled={cita.fuera_de_plazo}
                              aria-label={t('reschedule_label', { date: longDate(cita.fecha), time: cita.hora })}
                              onClick={() => setMoving(cita)}
                            >
                              {t('reschedule')}
                            </Button>
                            <Button
                              size="compact-sm"
                              variant="default"
                              aria-label={t('cancel_label', { date: longDate(cita.fecha), time: cita.hora })}
                              disabled={cita.fuera_de_plazo}
                              loading={cancel.isPending && cancel.variables === cita.id_cita}
                              onClick={() => void onCancel(cita)}
                            >
                              {t('cancel')}
                            </Button>
                          </Group>
                          {cita.fuera_de_plazo && <LateCall size="xs" maw={260} />}
                        </Stack>
                      ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {total > PAGE_SIZE && <ListPager page={page} pageSize={PAGE_SIZE} total={total} onChange={setPage} />}
      {/* Its code (the time picker) waits for the page's reads, or for the first "change time". */}
      {upcoming && (pageSettled || moving) && (
        <Suspense fallback={null}>
          <RescheduleModal cita={moving} onClose={() => setMoving(null)} />
        </Suspense>
      )}
    </Stack>
  );
}

/** The clinic's notice to cancel or reschedule online, said before the patient tries. */
function NoticeRule() {
  const { t, i18n } = useTranslation('visits');
  const rules = usePatientBookingRules();
  if (!rules.data) return null;
  const language = (['es', 'ca', 'en'] as const).find((l) => i18n.language.startsWith(l)) ?? 'es';
  return (
    <Text size="sm" c="dimmed">
      {t('notice_rule', { notice: plazoTexto(rules.data.antelacion_cancelacion_min, language) })}
    </Text>
  );
}

/** Who cancelled an appointment, and the doctor's reason when they gave one. */
function CancellationCell({ cita }: { cita: MiCita }) {
  const { t } = useTranslation('visits');
  const who = cita.cancelada_por ?? 'unknown';
  return (
    <Stack gap={4} maw={320}>
      <Badge color="gray.7" variant="filled" tt="none" w="max-content">
        {t(`cancelled_by_${who}`)}
      </Badge>
      {cita.motivo_rechazo && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('doctor_reason', { reason: cita.motivo_rechazo })}
        </Text>
      )}
    </Stack>
  );
}
