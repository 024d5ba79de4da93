import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FirstReads } from '../../../lib/first-reads.ts';
import { useSession } from '../../../lib/session.ts';
import { clinicRulesQuery } from '../api/get-clinic-rules.ts';
import { doctorVisitsQuery } from '../api/get-doctor-visits.ts';
import { myAppointmentsQuery, PERIODOS } from '../api/get-my-appointments.ts';
import { waitlistQuery } from '../api/waitlist.ts';
import { DoctorVisits } from '../components/doctor-visits.tsx';
import { PatientVisits } from '../components/patient-visits.tsx';

export const firstReads: FirstReads = (client, { language, session }) => {
  if (session.payload.rol === 'doctor') {
    void client.prefetchQuery(doctorVisitsQuery);
    return;
  }
  for (const periodo of PERIODOS) void client.prefetchQuery(myAppointmentsQuery(periodo, 1, language));
  void client.prefetchQuery(waitlistQuery(language));
  void client.prefetchQuery(clinicRulesQuery);
};

/** /mis-visitas (decisions #15): each role sees its own visits. */
export default function VisitsPage() {
  const { t } = useTranslation('visits');
  const session = useSession();
  if (session?.payload.rol !== 'doctor') return <PatientVisits />;
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('title')}
      </Title>
      <DoctorVisits />
    </Container>
  );
}
