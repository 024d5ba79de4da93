import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LoginResponse } from '../../../../../contracts/auth.ts';
import { codeField } from '../../../../../contracts/second-factor.ts';
import { z } from 'zod';
import { ApiError } from '../../../lib/api.ts';
import { validationText } from '../../../lib/i18n.ts';
import { useLoginWithCode } from '../api/login.ts';

const codeFormSchema = z.object({ codigo: codeField });

interface CodeStepProps {
  ticket: string;
  onDone: (response: LoginResponse) => void;
  /** Back to the password step (the ticket expired, or the user wants to). */
  onRestart: () => void;
}

/** The second step of log-in: a code from the authenticator app, or a recovery code. */
export function CodeStep({ ticket, onDone, onRestart }: CodeStepProps) {
  const { t } = useTranslation('auth');
  const [recovery, setRecovery] = useState(false);
  const send = useLoginWithCode();
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<z.input<typeof codeFormSchema>>({ resolver: zodResolver(codeFormSchema), defaultValues: { codigo: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const response = await send.mutateAsync({ ticket, codigo: values.codigo }).catch(() => undefined);
    if (response) onDone(response);
  });

  const toggle = () => {
    setRecovery((value) => !value);
    send.reset();
    reset({ codigo: '' });
    setTimeout(() => setFocus('codigo'), 0);
  };

  const error = send.error;
  const expired = error instanceof ApiError && error.code === 'ticket_caducado';
  const errorText = error instanceof ApiError ? error.message : error ? t('login_failed') : undefined;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text>{recovery ? t('code_recovery_intro') : t('code_intro')}</Text>
        {errorText && (
          <Alert color="red" role="alert" title={t('login_error_title')}>
            {errorText}
          </Alert>
        )}
        {expired ? (
          <Button onClick={onRestart} fullWidth>
            {t('code_restart')}
          </Button>
        ) : (
          <>
            {recovery ? (
              <TextInput
                key="recovery"
                label={t('code_recovery_label')}
                description={t('code_recovery_hint')}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                required
                data-autofocus
                error={validationText(errors.codigo?.message)}
                {...register('codigo')}
              />
            ) : (
              <TextInput
                key="totp"
                label={t('code_label')}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={7}
                required
                autoFocus
                error={validationText(errors.codigo?.message)}
                {...register('codigo')}
              />
            )}
            <Button type="submit" loading={send.isPending} fullWidth>
              {t('code_submit')}
            </Button>
          </>
        )}
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" size="sm" onClick={toggle}>
            {recovery ? t('code_use_app') : t('code_use_recovery')}
          </Anchor>
        </Text>
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" size="sm" onClick={onRestart}>
            {t('code_back')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
