import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import { HOME_BY_ROLE } from '../../../../contracts/roles.ts';
import { useDocumentTitle } from '../../lib/screen-title.ts';
import { useSession } from '../../lib/session.ts';

/** A signed-in user on a screen their role may not open: they stay in their area, with a way home. */
export function Forbidden({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation('common');
  const session = useSession();
  const title = t('screen_forbidden');
  useDocumentTitle(title);
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="lg">
        <Title order={1}>{title}</Title>
        <Text size="lg">{t('guard_forbidden', { roles: roles.map((role) => t(`role_${role}`)).join(', ') })}</Text>
        <Text c="dimmed">{t('forbidden_text')}</Text>
        <Button
          component={Link}
          to={session ? HOME_BY_ROLE[session.payload.rol] : '/home'}
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          {t('back_home')}
        </Button>
      </Stack>
    </Container>
  );
}
