import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function ClinicTodayPage() {
  const { t } = useTranslation('clinic-day');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{t('title')}</Title>
    </Container>
  );
}
