import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../../lib/router.tsx';
import { SCREENS } from '../../../../../contracts/routes.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDisableSecondFactor, useRegenerateRecoveryCodes, useSecondFactor } from '../api/second-factor.ts';
import { PasswordCodeModal } from './password-code-modal.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

/** /mi-cuenta's section for the second factor: its state, and turning it on, off, or new recovery codes. */
export function SecondFactorCard() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const status = useSecondFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableSecondFactor();
  const [dialog, setDialog] = useState<'codes' | 'off' | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  const close = () => {
    setDialog(null);
    regenerate.reset();
    disable.reset();
  };

  return (
    <Paper withBorder radius="md" p="lg" mt="lg" component="section" aria-labelledby="mfa-heading">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2} size="h3" id="mfa-heading">
          {t('mfa_title')}
        </Title>
        {status.data && (
          <Badge color={status.data.activo ? 'teal.9' : 'gray.7'} variant="filled" size="lg">
            {status.data.activo ? t('mfa_on') : t('mfa_off')}
          </Badge>
        )}
      </Group>
      <Text mt="sm">{t('mfa_intro')}</Text>
      {status.isError && (
        <Alert color="red" role="alert" mt="md">
          {t('common:load_error')}
        </Alert>
      )}
      {status.data && !status.data.activo && (
        <Stack mt="md" gap="sm" align="flex-start">
          {status.data.requerido && <Text fw={500}>{t('mfa_required_for_role')}</Text>}
          <Button component={Link} to={SCREENS.secondFactor.path}>
            {t('mfa_turn_on')}
          </Button>
        </Stack>
      )}
      {status.data?.activo && (
        <>
          <Text mt="sm" size="sm" c="dimmed">
            {t('mfa_codes_left', { count: status.data.codigos_restantes })}
          </Text>
          <Group mt="md" gap="sm">
            <Button variant="light" onClick={() => setDialog('codes')}>
              {t('mfa_new_codes')}
            </Button>
            <Button variant="outline" color="red" onClick={() => setDialog('off')}>
              {t('mfa_turn_off')}
            </Button>
          </Group>
          {status.data.requerido && (
            <Text mt="sm" size="sm" c="dimmed">
              {t('mfa_required_cannot_turn_off')}
            </Text>
          )}
        </>
      )}

      {dialog === 'codes' && (
        <PasswordCodeModal
          title={t('mfa_new_codes')}
          intro={t('mfa_new_codes_intro')}
          submitLabel={t('mfa_new_codes_submit')}
          pending={regenerate.isPending}
          error={regenerate.error}
          onClose={close}
          onSubmit={(input) =>
            regenerate.mutate(input, {
              onSuccess: (result) => {
                close();
                setNewCodes(result.codigos_recuperacion);
              },
            })
          }
        />
      )}
      {dialog === 'off' && (
        <PasswordCodeModal
          title={t('mfa_turn_off_title')}
          intro={status.data?.requerido ? t('mfa_turn_off_required_intro') : t('mfa_turn_off_intro')}
          submitLabel={t('mfa_turn_off')}
          danger
          pending={disable.isPending}
          error={disable.error}
          onClose={close}
          onSubmit={(input) =>
            disable.mutate(input, {
              onSuccess: () => {
                close();
                notifySuccess(t('mfa_turned_off'));
                // A role that requires it goes straight back to setting it up.
                if (status.data?.requerido) void navigate(SCREENS.secondFactor.path);
              },
            })
          }
        />
      )}
      {newCodes && (
        <Modal
          opened
          onClose={() => setNewCodes(null)}
          title={t('mfa_codes_title')}
          size="lg"
          centered
          closeButtonProps={{ 'aria-label': t('common:close') }}
        >
          <RecoveryCodes codes={newCodes} />
          <Group justify="flex-end" mt="md">
            <Button onClick={() => setNewCodes(null)}>{t('mfa_codes_saved')}</Button>
          </Group>
        </Modal>
      )}
    </Paper>
  );
}
