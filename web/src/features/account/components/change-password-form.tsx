import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cambioContrasenaFormSchema, type CambioContrasenaForm } from '../../../../../contracts/auth.ts';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { ApiError } from '../../../lib/api.ts';
import { validationText } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useChangePassword } from '../api/password.ts';

const FIELDS = ['contrasena_actual', 'contrasena_nueva'] as const;

/** The current password, then the new one under the registration checklist, typed twice. */
export function ChangePasswordForm({ username, onDone }: { username: string; onDone: () => void }) {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CambioContrasenaForm>({
    resolver: zodResolver(cambioContrasenaFormSchema),
    mode: 'onTouched',
    defaultValues: { contrasena_actual: '', contrasena_nueva: '', confirmacion: '' },
  });
  const password = useWatch({ control, name: 'contrasena_nueva' });

  const onSubmit = handleSubmit(async ({ contrasena_actual, contrasena_nueva }) => {
    try {
      await change.mutateAsync({ contrasena_actual, contrasena_nueva });
    } catch (error) {
      for (const problem of error instanceof ApiError ? (error.errores ?? []) : []) {
        const field = FIELDS.find((name) => name === problem.campo);
        if (field) setError(field, { message: problem.mensaje }, { shouldFocus: true });
      }
      return;
    }
    notifySuccess(t('password_changed'));
    onDone();
  });

  // A refusal not about one field: too many tries (429), or the server could not do it.
  const failure =
    change.error && !(change.error instanceof ApiError && change.error.errores) ? change.error : undefined;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure instanceof ApiError && failure.status < 500 ? failure.message : t('password_failed')}
          </Alert>
        )}
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <PasswordInput
          label={t('password_current')}
          autoComplete="current-password"
          required
          error={validationText(errors.contrasena_actual?.message)}
          visibilityToggleButtonProps={{ 'aria-label': t('auth:toggle_password') }}
          data-autofocus
          {...register('contrasena_actual')}
        />
        <NewPasswordFields
          label={t('password_new')}
          password={password}
          passwordField={register('contrasena_nueva')}
          confirmationField={register('confirmacion')}
          passwordError={validationText(errors.contrasena_nueva?.message)}
          confirmationError={validationText(errors.confirmacion?.message)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('password_submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
