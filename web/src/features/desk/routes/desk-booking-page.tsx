import { Alert, Card, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CitaRecepcionItem, HuecoLibre } from '../../../../../contracts/desk-booking.ts';
import { fullName } from '../../../../../contracts/names.ts';
import { Page } from '../../../components/page.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSearchParams } from '../../../lib/router.tsx';
import { useDeskDoctors } from '../../../lib/desk/get-desk-doctors.ts';
import { useVisitTypes } from '../../../lib/visit-types/get-visit-types.ts';
import { isLanguage } from '../../../../../contracts/messages/languages.ts';
import { tipoNombre } from '../../../../../contracts/visit-types.ts';
import { useDeskPatientVisits } from '../api/get-desk-patient-visits.ts';
import { BookSlotModal } from '../components/booking/book-slot-modal.tsx';
import { CancelVisitModal } from '../components/booking/cancel-visit-modal.tsx';
import { FreeSlotsList } from '../components/booking/free-slots-list.tsx';
import { MoveVisitModal } from '../components/booking/move-visit-modal.tsx';
import { PatientPicker } from '../components/booking/patient-picker.tsx';
import { PatientVisits } from '../components/booking/patient-visits.tsx';
import { SpecialtyDoctorChoice, type Choice } from '../components/booking/specialty-doctor-choice.tsx';
import { visitWhen } from '../components/booking/visit-when.ts';
import { phoneForReading } from '../../../lib/clinic.ts';

const patientIdOf = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined);

/** "Dar cita": the phone call answered — who, which specialty or doctor, the first free times, one click. */
export default function DeskBookingPage() {
  const { t } = useTranslation('desk-booking');
  const [params, setParams] = useSearchParams();
  const id_paciente = patientIdOf(params.get('paciente'));
  return (
    <Page size="lg" title={t('title')} intro={t('intro')}>
      {id_paciente === undefined ? (
        <PatientPicker onPick={(id) => setParams({ paciente: String(id) })} />
      ) : (
        <BookingForPatient key={id_paciente} id_paciente={id_paciente} />
      )}
    </Page>
  );
}

function BookingForPatient({ id_paciente }: { id_paciente: number }) {
  const { t, i18n } = useTranslation('desk-booking');
  const patient = useDeskPatientVisits(id_paciente);
  const doctors = useDeskDoctors();
  const [choice, setChoice] = useState<Choice>({});
  const [picked, setPicked] = useState<HuecoLibre | null>(null);
  const [moving, setMoving] = useState<CitaRecepcionItem | null>(null);
  const [cancelling, setCancelling] = useState<CitaRecepcionItem | null>(null);
  const [done, setDone] = useState<{ kind: 'booked' | 'moved'; visit: CitaRecepcionItem } | null>(null);
  // The desk books by type: the free times listed are those where a visit of that type fits.
  const { t: tv } = useTranslation('visit-types');
  const types = useVisitTypes();
  const [typeId, setTypeId] = useState('');
  const language = isLanguage(i18n.language) ? i18n.language : 'es';
  const chosenType = types.data?.find((tipo) => String(tipo.id_tipo) === typeId);
  const visitType = chosenType ? { id_tipo: chosenType.id_tipo, nombre: tipoNombre(chosenType, language) } : undefined;

  if (patient.isPending) return <Loader aria-label={t('common:loading')} />;
  if (patient.isError) {
    return (
      <Alert color="red" role="alert">
        {patient.error.message}
      </Alert>
    );
  }
  const { paciente, citas } = patient.data;
  const name = fullName(paciente);

  return (
    <Stack gap="xl">
      <Card withBorder padding="md" component="section" aria-label={t('patient')}>
        <Text size="sm" c="dimmed">
          {t('booking_for')}
        </Text>
        <Title order={2} size="h3">
          {name}
        </Title>
        <Group gap="lg" mt={4} wrap="wrap">
          <Text size="sm">
            {t('phone')}: {paciente.telefono ? phoneForReading(paciente.telefono) : t('no_phone')}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('email')}: {paciente.correo}
          </Text>
        </Group>
      </Card>

      {done && (
        <Alert
          color="teal"
          role="status"
          title={t(done.kind === 'booked' ? 'booked_title' : 'moved_title')}
          // The light teal of the title is too pale on the alert's tint for AA contrast.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          withCloseButton
          closeButtonLabel={t('common:close')}
          onClose={() => setDone(null)}
        >
          {t('done_detail', { when: visitWhen(done.visit, i18n.language), doctor: done.visit.doctor, specialty: done.visit.especialidad })}
          {done.visit.limite_forzado && (
            <Text size="sm" mt={4}>
              {t('cap_passed', { reason: done.visit.limite_forzado })}
            </Text>
          )}
        </Alert>
      )}

      <section aria-labelledby="desk-booking-upcoming">
        <Title order={2} size="h4" mb="sm" id="desk-booking-upcoming">
          {t('upcoming')}
        </Title>
        <PatientVisits visits={citas} onMove={setMoving} onCancel={setCancelling} />
      </section>

      <section aria-labelledby="desk-booking-free">
        <Title order={2} size="h4" mb="sm" id="desk-booking-free">
          {t('free_slots')}
        </Title>
        <Stack gap="md">
          {doctors.isError ? (
            <Alert color="red" role="alert">
              {doctors.error.message}
            </Alert>
          ) : (
            <SpecialtyDoctorChoice doctors={doctors.data ?? []} value={choice} onChange={setChoice} />
          )}
          {types.data && (
            <NativeSelect
              label={tv('pick_label')}
              value={typeId}
              onChange={(event) => setTypeId(event.currentTarget.value)}
              data={[
                { value: '', label: tv('pick_placeholder') },
                ...types.data.map((tipo) => ({ value: String(tipo.id_tipo), label: `${tipoNombre(tipo, language)} · ${tv('minutes', { count: tipo.duracion_min })}` })),
              ]}
              maw={420}
            />
          )}
          {choice.id_especialidad === undefined && choice.id_doctor === undefined ? (
            <Text c="dimmed">{t('choose_first')}</Text>
          ) : (
            <FreeSlotsList filter={{ ...choice, tipo: visitType?.id_tipo, limite: 24 }} busy={false} onPick={setPicked} />
          )}
        </Stack>
      </section>

      <BookSlotModal
        id_paciente={id_paciente}
        patientName={name}
        slot={picked}
        visitType={visitType}
        onClose={() => setPicked(null)}
        onBooked={(visit) => {
          setPicked(null);
          setDone({ kind: 'booked', visit });
          notifySuccess(t('booked_title'));
        }}
      />
      <MoveVisitModal
        visit={moving}
        onClose={() => setMoving(null)}
        onMoved={(visit) => {
          setMoving(null);
          setDone({ kind: 'moved', visit });
          notifySuccess(t('moved_title'));
        }}
      />
      <CancelVisitModal
        visit={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={() => {
          setCancelling(null);
          setDone(null);
          notifySuccess(t('cancelled'));
        }}
      />
    </Stack>
  );
}
