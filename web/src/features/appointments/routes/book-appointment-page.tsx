import { Alert, Button, Container, Group, Loader, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Disponibilidad } from '../../../../../contracts/appointments.ts';
import type { FirstReads } from '../../../lib/first-reads.ts';
import { ApiError } from '../../../lib/api.ts';
import { addDaysIso, formatIso, mondayOf, todayIso } from '../../../lib/calendar.ts';
import { validationText } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePageSettled } from '../../../lib/page-settled.ts';
import { useSession } from '../../../lib/session.ts';
import { useBookableTypes } from '../../../lib/visit-types/get-bookable-types.ts';
import { useCreateAppointment } from '../api/create-appointment.ts';
import { DAYS_SHOWN, useAvailability } from '../api/get-availability.ts';
import { doctorsQuery, useDoctors } from '../api/get-doctors.ts';
import { myRulesQuery } from '../api/get-my-rules.ts';
import { AvailabilityGrid } from '../../../components/availability-grid.tsx';
import { BookedAppointmentSummary, type BookedAppointment } from '../components/booked-appointment-summary.tsx';
import { BookingRulesNotice } from '../components/booking-rules-notice.tsx';
import classes from './book-appointment-page.module.css';

// The waitlist form loads when the patient asks for it, not with the booking grid.
const JoinWaitlistModal = lazy(() =>
  import('../components/join-waitlist-modal.tsx').then((module) => ({ default: module.JoinWaitlistModal })),
);
// The confirmation dialog (Modal, the form and zod: ~50 KB) loads once the screen has its data and a
// doctor is chosen (their free times are on their way then), or at the first pick if that comes
// sooner: on a phone its code and first render were the screen's longest task while it settled.
// The booking journey watches for this chunk by its name, confirm-booking-modal.
const ConfirmBookingModal = lazy(() =>
  import('../components/confirm-booking-modal.tsx').then((module) => ({ default: module.ConfirmBookingModal })),
);
import type { AppointmentChoice } from '../components/confirm-booking-modal.tsx';

export const firstReads: FirstReads = (client, { language }) => {
  void client.prefetchQuery(doctorsQuery(language));
  void client.prefetchQuery(myRulesQuery);
};

export default function BookAppointmentPage() {
  const { t, i18n } = useTranslation('booking');
  const session = useSession();
  const pageSettled = usePageSettled();
  const doctors = useDoctors();
  const [specialtyId, setSpecialtyId] = useState('');
  const [doctorId, setDoctorId] = useState('');
  const today = todayIso();
  // Weeks start on Monday, this week's first and never earlier; the day buttons move
  // the grid one day at a time.
  const thisWeek = mondayOf(today);
  const [from, setFrom] = useState(thisWeek);
  const [picked, setPicked] = useState<Disponibilidad | null>(null);
  const [booked, setBooked] = useState<BookedAppointment | null>(null);
  const createAppointment = useCreateAppointment();
  const { t: tw } = useTranslation('waitlist');
  const [joining, setJoining] = useState(false);

  const specialties = useMemo(() => {
    const seen = new Map<number, string>();
    for (const doctor of doctors.data ?? []) {
      for (const specialty of doctor.especialidades) seen.set(specialty.id_especialidad, specialty.nombre);
    }
    return [...seen].sort((a, b) => a[1].localeCompare(b[1], i18n.language));
  }, [doctors.data, i18n.language]);

  const shownDoctors = (doctors.data ?? []).filter(
    (doctor) => !specialtyId || doctor.especialidades.some((s) => String(s.id_especialidad) === specialtyId),
  );
  const doctor = shownDoctors.find((d) => String(d.id) === doctorId);
  // The visit type comes first: the grid offers only the times where a visit of its length fits.
  const { t: tv } = useTranslation('visit-types');
  const types = useBookableTypes(doctor?.id ?? null);
  const [typeChoice, setTypeChoice] = useState('');
  const type = types.data?.find((option) => String(option.id_tipo) === typeChoice) ?? types.data?.[0];
  const availability = useAvailability(doctor?.id, from, type?.id_tipo, (types.data !== undefined && type !== undefined) || types.isError);
  const to = addDaysIso(from, DAYS_SHOWN - 1);
  const period = `${formatIso(from, { day: 'numeric', month: 'long' }, i18n.language)} – ${formatIso(to, { dateStyle: 'long' }, i18n.language)}`;

  const choice: AppointmentChoice | null =
    picked && doctor
      ? {
          doctor: doctor.nombre,
          specialty: doctor.especialidades.map((s) => s.nombre).join(', '),
          fecha: picked.fecha,
          hora: picked.hora_inicio,
          hora_fin: picked.hora_fin,
          patient: session?.name ?? '',
          type: type ? `${type.nombre} (${tv('minutes', { count: type.duracion_min })})` : undefined,
          instructions: type?.instrucciones ?? null,
        }
      : null;
  // Once wanted, the dialog stays mounted (closed between picks).
  const [dialogWanted, setDialogWanted] = useState(false);
  if (!dialogWanted && ((pageSettled && doctor) || choice)) setDialogWanted(true);

  const book = async (values: { motivo: string }) => {
    const id_paciente = session?.payload.id_paciente;
    if (!picked || !doctor || !id_paciente) {
      notifyError(validationText('cita_faltan_datos') ?? '');
      return;
    }
    try {
      const created = await createAppointment.mutateAsync({
        id_paciente,
        id_doctor: doctor.id,
        fecha: picked.fecha,
        hora: picked.hora_inicio,
        motivo: values.motivo,
        ...(type ? { id_tipo_visita: type.id_tipo } : {}),
      });
      notifySuccess(t('booked'));
      setBooked({
        id_cita: created.id_cita,
        fecha: picked.fecha,
        hora: picked.hora_inicio,
        hora_fin: picked.hora_fin,
        doctor: doctor.nombre,
        specialty: doctor.especialidades.map((s) => s.nombre).join(', '),
      });
      setPicked(null);
    } catch (error) {
      // A refusal the patient can act on (taken, blocked, past) is worth reading; the grid reloads.
      const detail = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : '';
      notifyError(detail ? t('book_failed_detail', { detail }) : t('book_failed'));
      if (!(error instanceof ApiError && error.code === 'validacion')) setPicked(null);
    }
  };

  const move = (days: number) =>
    setFrom((current) => {
      const next = addDaysIso(current, days);
      return next < thisWeek ? thisWeek : next;
    });
  const atFirstWeek = from <= thisWeek;
  // A week with nothing left to book (a Sunday, a Friday evening) opens on the next one, once per
  // doctor chosen: 'Hoy' still shows this week.
  const [skippedWeekFor, setSkippedWeekFor] = useState<number | null>(null);
  if (
    doctor &&
    skippedWeekFor !== doctor.id &&
    from === thisWeek &&
    availability.data &&
    !availability.isPlaceholderData &&
    !availability.data.some((slot) => slot.tipo === 'Disponible' && slot.fecha >= today)
  ) {
    setSkippedWeekFor(doctor.id);
    setFrom(addDaysIso(thisWeek, 7));
  }

  return (
    <Container size="lg" py="xl">
      <Stack>
        <Title order={1}>{t('title')}</Title>
        <Text>{t('intro')}</Text>
        <BookingRulesNotice />
        {booked && <BookedAppointmentSummary appointment={booked} onClose={() => setBooked(null)} />}
        {doctors.isError && (
          <Alert color="red" role="alert">
            {t('doctors_failed')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t('specialty')}
            value={specialtyId}
            onChange={(event) => setSpecialtyId(event.currentTarget.value)}
            data={[
              { value: '', label: t('all_specialties') },
              ...specialties.map(([id, name]) => ({ value: String(id), label: name })),
            ]}
          />
          <NativeSelect
            label={t('doctor')}
            value={doctor ? doctorId : ''}
            onChange={(event) => setDoctorId(event.currentTarget.value)}
            disabled={doctors.isPending}
            data={[
              { value: '', label: doctors.isPending ? t('common:loading') : t('choose_doctor') },
              ...shownDoctors.map((d) => ({ value: String(d.id), label: d.nombre })),
            ]}
          />
        </SimpleGrid>

        {doctor && types.data && types.data.length > 0 && (
          <NativeSelect
            label={tv('pick_label')}
            description={tv('pick_first')}
            value={type ? String(type.id_tipo) : ''}
            onChange={(event) => {
              setTypeChoice(event.currentTarget.value);
              setPicked(null);
            }}
            data={types.data.map((option) => ({ value: String(option.id_tipo), label: `${option.nombre} · ${tv('minutes', { count: option.duracion_min })}` }))}
          />
        )}
        {doctor && types.data && types.data.length === 0 && <Alert color="yellow">{tv('none_bookable')}</Alert>}

        {!doctor ? (
          <Text c="dimmed">{doctors.data?.length === 0 ? t('no_doctors') : t('pick_doctor_first')}</Text>
        ) : types.data && types.data.length === 0 ? null : (
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs" wrap="wrap" role="group" aria-label={t('navigation')} className={classes.moves}>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconChevronsLeft size={16} aria-hidden />}
                  aria-label={t('week_previous')}
                  disabled={atFirstWeek}
                  onClick={() => move(-7)}
                >
                  <span className={classes.long}>{t('week_previous')}</span>
                  <span className={classes.short}>{t('common:previous')}</span>
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  className={classes.dayMove}
                  leftSection={<IconChevronLeft size={16} aria-hidden />}
                  disabled={atFirstWeek}
                  onClick={() => move(-1)}
                >
                  {t('day_previous')}
                </Button>
                <Button variant="default" size="xs" onClick={() => setFrom(thisWeek)}>
                  {t('today')}
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  className={classes.dayMove}
                  rightSection={<IconChevronRight size={16} aria-hidden />}
                  onClick={() => move(1)}
                >
                  {t('day_next')}
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  rightSection={<IconChevronsRight size={16} aria-hidden />}
                  aria-label={t('week_next')}
                  onClick={() => move(7)}
                >
                  <span className={classes.long}>{t('week_next')}</span>
                  <span className={classes.short}>{t('common:next')}</span>
                </Button>
              </Group>
              <Group gap="xs">
                {/* Beside the period while the last grid stays on screen; with none, the grid's place says it. */}
                {availability.isFetching && availability.data && <Loader size="xs" aria-label={t('common:loading')} />}
                <Text fw={500} aria-live="polite" className={classes.period}>
                  {period}
                </Text>
              </Group>
            </Group>
            {availability.isError ? (
              <Alert color="red" role="alert">
                {t('availability_failed')}
              </Alert>
            ) : availability.data ? (
              <>
                <AvailabilityGrid
                  from={from}
                  days={DAYS_SHOWN}
                  today={today}
                  slots={availability.data}
                  caption={t('grid_caption', { doctor: doctor.nombre, period })}
                  onPick={setPicked}
                />
                {availability.data.length === 0 && <Text c="dimmed">{t('no_slots')}</Text>}
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm" c="dimmed" maw={560}>
                    {tw('join_hint')}
                  </Text>
                  <Button variant="light" onClick={() => setJoining(true)}>
                    {tw('join_open')}
                  </Button>
                </Group>
              </>
            ) : (
              <Loader aria-label={t('common:loading')} />
            )}
          </Stack>
        )}
      </Stack>
      {dialogWanted && (
        <Suspense fallback={null}>
          <ConfirmBookingModal
            choice={choice}
            submitting={createAppointment.isPending}
            onSubmit={book}
            onClose={() => setPicked(null)}
          />
        </Suspense>
      )}
      {doctor && joining && (
        <Suspense fallback={null}>
          <JoinWaitlistModal
            opened
            onClose={() => setJoining(false)}
            visitType={type ? { id: type.id_tipo, nombre: type.nombre } : null}
            target={{
              doctor: { id: doctor.id, nombre: doctor.nombre },
              specialty: doctor.especialidades[0]
                ? { id: doctor.especialidades[0].id_especialidad, nombre: doctor.especialidades[0].nombre }
                : null,
            }}
          />
        </Suspense>
      )}
    </Container>
  );
}
