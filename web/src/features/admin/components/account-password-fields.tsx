import { Grid, PasswordInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface AccountPasswordFieldsProps {
  passwordField: UseFormRegisterReturn;
  confirmationField: UseFormRegisterReturn;
  passwordError?: string | undefined;
  confirmationError?: string | undefined;
}

/**
 * The first password of an account an admin opens, and its confirmation: side by side in the form's
 * grid, shown or hidden together (the admin reads both to check them before handing them over).
 */
export function AccountPasswordFields({ passwordField, confirmationField, passwordError, confirmationError }: AccountPasswordFieldsProps) {
  const { t } = useTranslation('admin');
  const [visible, { toggle }] = useDisclosure(false);
  const shared = {
    autoComplete: 'new-password',
    required: true,
    visible,
    onVisibilityChange: toggle,
    visibilityToggleButtonProps: { 'aria-label': visible ? t('hide_passwords') : t('show_passwords') },
  };
  return (
    <>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <PasswordInput label={t('field_password1')} description={t('password_hint')} {...shared} error={passwordError} {...passwordField} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <PasswordInput label={t('field_password2')} {...shared} error={confirmationError} {...confirmationField} />
      </Grid.Col>
    </>
  );
}
