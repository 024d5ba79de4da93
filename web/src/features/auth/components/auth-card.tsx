import { Anchor, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';

type AuthCardProps = {
  title: ReactNode;
  /** The short line under the title. */
  intro?: ReactNode;
  children: ReactNode;
};

/** The frame of the log-in side's forms: the centred h1, a line under it, and the card that holds the form. */
export function AuthCard({ title, intro, children }: AuthCardProps) {
  return (
    <>
      <Title order={1} ta="center">
        {title}
      </Title>
      {intro && (
        <Text c="dimmed" size="sm" ta="center" mt={5}>
          {intro}
        </Text>
      )}
      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md">
        {children}
      </Paper>
    </>
  );
}

/** 'Volver a iniciar sesión', under the card of the password-reset steps. */
export function BackToLogin() {
  const { t } = useTranslation('auth');
  return (
    <Text size="sm" ta="center" mt="md">
      <Anchor component={Link} to="/login" size="sm">
        {t('reset_back_to_login')}
      </Anchor>
    </Text>
  );
}
