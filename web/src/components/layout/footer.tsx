import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import { clinicAddress, phoneHref, useClinic } from '../../lib/clinic.ts';

const LINKS = [
  ['/home#about', 'footer_about'],
  ['/contact', 'footer_contact'],
  ['/home#faq', 'footer_help'],
  ['/terminos', 'footer_terms'],
] as const;

export function Footer() {
  const { t } = useTranslation('common');
  const clinic = useClinic();
  return (
    <Container component="footer" size="lg" py="lg" mt="xl">
      <Group justify="space-between" gap="sm">
        <Group gap="md" component="nav" aria-label={t('footer_nav')}>
          {LINKS.map(([to, label]) => (
            <Anchor key={to} component={Link} to={to} size="sm">
              {t(label)}
            </Anchor>
          ))}
        </Group>
        <Stack gap={2}>
          <Text size="sm" c="dimmed" ta={{ base: 'left', sm: 'right' }}>
            {clinicAddress(clinic)} ·{' '}
            <Anchor
              href={phoneHref(clinic.telefono)}
              size="sm"
              c="dimmed"
              underline="always"
              style={{ whiteSpace: 'nowrap' }}
            >
              {clinic.telefono}
            </Anchor>
          </Text>
          <Text size="sm" c="dimmed" ta={{ base: 'left', sm: 'right' }}>
            {t('footer_copyright', { year: new Date().getFullYear(), name: clinic.nombre })}
          </Text>
        </Stack>
      </Group>
    </Container>
  );
}
