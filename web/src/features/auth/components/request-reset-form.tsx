import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { solicitudRestablecimientoSchema, type SolicitudRestablecimiento } from '../../../../../contracts/auth.ts';
import { waitMessageOr } from '../../../lib/api.ts';
import { validationText } from '../../../lib/i18n.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { AuthCard, BackToLogin } from './auth-card.tsx';

/** Asks for a reset link. The answer is the same whether the account exists or not. */
export function RequestResetForm() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<SolicitudRestablecimiento>({
    resolver: zodResolver(solicitudRestablecimientoSchema),
    mode: 'onTouched',
    defaultValues: { usuario: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    await request.mutateAsync(values).catch(() => undefined);
  });

  const failure = request.error;
  const failureText = waitMessageOr(failure, t('reset_request_failed'));

  return (
    <>
      <AuthCard title={t('reset_request_title')} intro={t('reset_request_intro')}>
        {request.isSuccess ? (
          <Stack>
            <Alert color="teal" role="status" title={t('reset_request_sent_title')}>
              {t('reset_request_sent')}
            </Alert>
            <Text size="sm">{t('reset_request_spam')}</Text>
          </Stack>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack>
              {failure && (
                <Alert color="red" role="alert" title={t('reset_request_failed_title')}>
                  {failureText}
                </Alert>
              )}
              <TextInput
                label={t('reset_identifier')}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                error={validationText(errors.usuario?.message)}
                {...register('usuario')}
              />
              <Button type="submit" disabled={!isValid} loading={request.isPending} fullWidth>
                {t('reset_request_submit')}
              </Button>
            </Stack>
          </form>
        )}
      </AuthCard>
      <BackToLogin />
    </>
  );
}
