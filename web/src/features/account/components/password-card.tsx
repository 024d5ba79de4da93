import { Button, Paper, Text, Title } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The form (zod and the password checklist) loads when the user asks for it.
const ChangePasswordForm = lazy(() =>
  import('./change-password-form.tsx').then((module) => ({ default: module.ChangePasswordForm })),
);

/** 'Contraseña': changing it here ends the account's sessions everywhere else. */
export function PasswordCard({ username }: { username: string }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="lg" mt="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('password_title')}
      </Title>
      <Text c="dimmed" size="sm" mt={4} mb="md">
        {t('password_intro')}
      </Text>
      {open ? (
        <Suspense fallback={null}>
          <ChangePasswordForm username={username} onDone={() => setOpen(false)} />
        </Suspense>
      ) : (
        <Button variant="default" onClick={() => setOpen(true)}>
          {t('password_open')}
        </Button>
      )}
    </Paper>
  );
}
