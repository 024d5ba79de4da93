import { Anchor, Button, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconLifebuoy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import { HOME_BY_ROLE } from '../../../../../contracts/roles.ts';
import { useClinic } from '../../../lib/clinic.ts';
import { useSession } from '../../../lib/session.ts';

export default function NotFoundPage() {
  const { t } = useTranslation('public');
  const clinic = useClinic();
  // A signed-in user goes back to their own home, not the guest landing.
  const session = useSession();
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="lg">
        <Text fw={800} fz={72} lh={1} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1}>{t('not_found_title')}</Title>
        <Text size="lg">{t('not_found_text')}</Text>
        <Button
          component={Link}
          to={session ? HOME_BY_ROLE[session.payload.rol] : '/home'}
          size="md"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          {t('not_found_home')}
        </Button>
        <Group wrap="nowrap" align="flex-start" gap="sm" mt="lg" maw={480}>
          <ThemeIcon variant="light" radius="xl" size={32} aria-hidden>
            <IconLifebuoy size={18} />
          </ThemeIcon>
          <Text ta="left" size="sm">
            {t('not_found_support', { email: clinic.correo, phone: clinic.telefono.replace(/ /g, '\u00a0') })}{' '}
            <Anchor component={Link} to="/contact" size="sm">
              {t('not_found_contact')}
            </Anchor>
          </Text>
        </Group>
      </Stack>
    </Container>
  );
}
