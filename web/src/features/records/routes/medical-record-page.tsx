import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { DoctorRecord } from '../components/doctor-record.tsx';
import { PatientRecord } from '../components/patient-record.tsx';

/** /medical-record: a doctor opens a treated patient's record; a patient reads their own. */
export default function MedicalRecordPage() {
  const { t } = useTranslation('records');
  const session = useSession();
  if (session?.payload.rol !== 'doctor') return <PatientRecord />;
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('title')}
      </Title>
      <DoctorRecord />
    </Container>
  );
}
