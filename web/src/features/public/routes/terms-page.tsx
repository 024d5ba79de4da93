import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import { clinicAddress, useClinic } from '../../../lib/clinic.ts';

interface TermsSection {
  title: string;
  paragraphs: string[];
}

export default function TermsPage() {
  const { t } = useTranslation('terms');
  const clinic = useClinic();
  const sections = t('sections', {
    returnObjects: true,
    name: clinic.razon_social,
    taxId: clinic.nif,
    address: clinicAddress(clinic),
    privacyEmail: clinic.correo_privacidad,
  }) as TermsSection[];

  return (
    <Container size="md" py="xl">
      <Title order={1}>{t('title')}</Title>
      <Text c="dimmed" size="sm" mt="xs">
        {t('version')}
      </Text>
      <Text size="lg" mt="md">
        {t('intro')}
      </Text>

      <Paper component="nav" aria-labelledby="terms-contents" withBorder radius="md" p="lg" mt="xl">
        <Title order={2} size="h4" id="terms-contents">
          {t('contents')}
        </Title>
        <List mt="sm" spacing={4} listStyleType="none" withPadding={false}>
          {sections.map((section, index) => (
            <List.Item key={section.title}>
              <Anchor href={`#terms-${index + 1}`} size="sm">
                {section.title}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Paper>

      <Stack gap="xl" mt="xl">
        {sections.map((section, index) => (
          <section key={section.title} id={`terms-${index + 1}`} style={{ scrollMarginTop: 76 }}>
            <Title order={2} size="h3">
              {section.title}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} mt="sm">
                {paragraph}
              </Text>
            ))}
          </section>
        ))}
      </Stack>

      <Paper withBorder radius="md" p="lg" mt={48}>
        <Title order={2} size="h4">
          {t('contact_heading')}
        </Title>
        <Text mt="xs">
          {t('contact_text', { email: clinic.correo_privacidad })}{' '}
          <Anchor component={Link} to="/contact">
            {t('common:footer_contact')}
          </Anchor>
        </Text>
      </Paper>
    </Container>
  );
}
