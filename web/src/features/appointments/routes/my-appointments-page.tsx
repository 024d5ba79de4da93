import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FirstReads } from '../../../lib/first-reads.ts';
import { useSession } from '../../../lib/session.ts';
import { patientBookingRulesQuery } from '../../../lib/appointments/get-booking-rules.ts';
import { doctorAppointmentsQuery } from '../api/get-doctor-appointments.ts';
import { myAppointmentsQuery, PERIODOS } from '../api/get-my-appointments.ts';
import { waitlistQuery } from '../api/get-waitlist.ts';
import { DoctorAppointments } from '../components/doctor-appointments.tsx';
import { PatientAppointments } from '../components/patient-appointments.tsx';

export const firstReads: FirstReads = (client, { language, session }) => {
  if (session.payload.rol === 'doctor') {
    void client.prefetchQuery(doctorAppointmentsQuery);
    return;
  }
  for (const periodo of PERIODOS) void client.prefetchQuery(myAppointmentsQuery(periodo, 1, language));
  void client.prefetchQuery(waitlistQuery(language));
  void client.prefetchQuery(patientBookingRulesQuery);
};

/** /mis-visitas: each role sees its own appointments. */
export default function MyAppointmentsPage() {
  const { t } = useTranslation('visits');
  const session = useSession();
  if (session?.payload.rol !== 'doctor') return <PatientAppointments />;
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('title')}
      </Title>
      <DoctorAppointments />
    </Container>
  );
}
