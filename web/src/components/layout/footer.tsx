import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { clinicAddress, phoneHref, useClinic } from '../../lib/clinic.ts';

export function Footer() {
  const { t } = useTranslation('common');
  const clinic = useClinic();
  return (
    <Container component="footer" size="lg" py="lg" mt="xl">
      <Group justify="space-between" gap="sm">
        <Group gap="md" component="nav" aria-label={t('footer_nav')}>
          <Anchor component={Link} to="/home#about" size="sm">
            {t('footer_about')}
          </Anchor>
          <Anchor component={Link} to="/contact" size="sm">
            {t('footer_contact')}
          </Anchor>
          <Anchor component={Link} to="/home#faq" size="sm">
            {t('footer_help')}
          </Anchor>
          <Anchor component={Link} to="/terminos" size="sm">
            {t('footer_terms')}
          </Anchor>
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
