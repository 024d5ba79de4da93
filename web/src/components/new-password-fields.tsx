import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordChecklist } from './password-checklist.tsx';

interface NewPasswordFieldsProps {
  /** The label of the first field ('Contraseña' on sign-up, 'Nueva contraseña' on a reset). */
  label: string;
  /** What is typed in the first field, for the live checklist. */
  password: string;
  passwordField: UseFormRegisterReturn;
  confirmationField: UseFormRegisterReturn;
  passwordError?: string | undefined;
  confirmationError?: string | undefined;
}

/** A new password with the rules' live checklist, and its confirmation. */
export function NewPasswordFields({ label, password, passwordField, confirmationField, passwordError, confirmationError }: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordInput
        label={label}
        autoComplete="new-password"
        required
        error={passwordError}
        visibilityToggleButtonProps={{ 'aria-label': t('toggle_password') }}
        inputWrapperOrder={['label', 'input', 'error', 'description']}
        description={<PasswordChecklist password={password} />}
        descriptionProps={{ component: 'div' }}
        {...passwordField}
      />
      <PasswordInput
        label={t('confirm_password')}
        autoComplete="new-password"
        required
        error={confirmationError}
        visibilityToggleButtonProps={{ 'aria-label': t('toggle_password') }}
        {...confirmationField}
      />
    </>
  );
}
