import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { DoctorVisits } from '../components/doctor-visits.tsx';
import { PatientVisits } from '../components/patient-visits.tsx';

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
