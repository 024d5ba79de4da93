import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function ToRelocatePage() {
  const { t } = useTranslation('relocate');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{t('title')}</Title>
    </Container>
  );
}
