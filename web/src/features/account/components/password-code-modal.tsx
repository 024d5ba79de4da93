import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { passwordAndCodeSchema, type PasswordAndCode } from '../../../../../contracts/second-factor.ts';
import { ModalActions } from '../../../components/modal-actions.tsx';
import { ApiError } from '../../../lib/api.ts';
import { validationText } from '../../../lib/i18n.ts';

interface PasswordCodeModalProps {
  title: string;
  intro: string;
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (input: PasswordAndCode) => void;
  onClose: () => void;
}

/** Asks again for the password and a code before the factor changes (turning off, new recovery codes). */
export function PasswordCodeModal({
  title,
  intro,
  submitLabel,
  danger,
  pending,
  error,
  onSubmit,
  onClose,
}: PasswordCodeModalProps) {
  const { t } = useTranslation('account');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordAndCode>({
    resolver: zodResolver(passwordAndCodeSchema),
    defaultValues: { contrasena: '', codigo: '' },
  });
  const apiError = error instanceof ApiError ? error : undefined;
  const fieldError = (campo: string) => apiError?.errores?.find((entry) => entry.campo === campo)?.mensaje;
  const general =
    apiError && !apiError.errores?.length ? apiError.message : error && !apiError ? t('common:load_error') : undefined;

  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('common:close') }}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Stack>
          <Alert color={danger ? 'red' : 'blue'}>{intro}</Alert>
          {general && (
            <Alert color="red" role="alert">
              {general}
            </Alert>
          )}
          <PasswordInput
            label={t('mfa_password')}
            autoComplete="current-password"
            required
            data-autofocus
            error={validationText(errors.contrasena?.message) ?? fieldError('contrasena')}
            {...register('contrasena')}
          />
          <TextInput
            label={t('mfa_code_or_recovery')}
            description={t('mfa_code_or_recovery_hint')}
            autoComplete="one-time-code"
            required
            error={validationText(errors.codigo?.message) ?? fieldError('codigo')}
            {...register('codigo')}
          />
          <ModalActions onCancel={onClose} submitLabel={submitLabel} pending={pending} cancelLabel={t('mfa_cancel')} color={danger ? 'red' : undefined} />
        </Stack>
      </form>
    </Modal>
  );
}
