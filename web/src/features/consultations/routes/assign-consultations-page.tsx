import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AssignForm } from '../components/assign-form.tsx';
import { AssignedConsultations } from '../components/assigned-consultations.tsx';

/** /crear-consultas: the doctor assigns consultations and follows them by estado. */
export default function AssignConsultationsPage() {
  const { t } = useTranslation('consultations');
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('title')}
      </Title>
      <Stack gap="lg">
        <AssignForm />
        <AssignedConsultations />
      </Stack>
    </Container>
  );
}
