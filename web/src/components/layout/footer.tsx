import { Anchor, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Footer() {
  const { t } = useTranslation('common');
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
        <Text size="sm" c="dimmed">
          {t('footer_copyright', { year: new Date().getFullYear() })}
        </Text>
      </Group>
    </Container>
  );
}
