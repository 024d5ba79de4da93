import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from '../lib/router.tsx';

// Temporary screen for routes whose issue has not landed yet; each issue replaces its own.
export default function PendingScreen() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{pathname.slice(1)}</Title>
      <Text mt="md">{t('pending_screen')}</Text>
    </Container>
  );
}
