import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Loader, Stack } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../../lib/router.tsx';
import { restablecimientoFormSchema, type RestablecimientoForm } from '../../../../../contracts/auth.ts';
import { ApiError, waitMessageOr } from '../../../lib/api.ts';
import { validationText } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useResetLink, useResetPassword } from '../api/password-reset.ts';
import { AuthCard, BackToLogin } from './auth-card.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';

const LINK_PROBLEMS = ['enlace_invalido', 'enlace_caducado', 'enlace_usado'];

/** Which link problem an error is; any other 400 (a mangled, overlong token) is an invalid link. */
function linkProblem(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (LINK_PROBLEMS.includes(error.code)) return error.code;
  return error.status === 400 ? 'enlace_invalido' : undefined;
}

/** Why a link cannot be used, and the two ways on: a new link, or back to log-in. */
function UnusableLink({ error }: { error: unknown }) {
  const { t } = useTranslation('auth');
  const code = linkProblem(error);
  return (
    <AuthCard title={t('reset_link_problem_title')}>
      <Stack>
        <Alert color="red" role="alert" title={t(code ? `reset_${code}_title` : 'reset_link_unchecked_title')}>
          {code ? t(`api:${code}`) : t('reset_link_unchecked')}
        </Alert>
        <Group justify="space-between">
          <Button component={Link} to="/restablecer-contrasena" variant="filled">
            {t('reset_new_link')}
          </Button>
          <Anchor component={Link} to="/login" size="sm">
            {t('reset_back_to_login')}
          </Anchor>
        </Group>
      </Stack>
    </AuthCard>
  );
}

/** Sets a new password with the token of an e-mailed link, under the registration checklist. */
export function NewPasswordForm({ token, invitation = false }: { token: string; invitation?: boolean }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const link = useResetLink(token);
  const saving = useResetPassword();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useForm<RestablecimientoForm>({
    resolver: zodResolver(restablecimientoFormSchema),
    mode: 'onTouched',
    defaultValues: { contrasena: '', confirmacion: '' },
  });
  const password = useWatch({ control, name: 'contrasena' });

  if (link.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={t('reset_checking_link')} />
      </Group>
    );
  }
  const linkFailure = link.error ?? (saving.error instanceof ApiError && LINK_PROBLEMS.includes(saving.error.code) ? saving.error : undefined);
  if (linkFailure || !link.data) return <UnusableLink error={linkFailure} />;

  const onSubmit = handleSubmit(async ({ contrasena }) => {
    try {
      await saving.mutateAsync({ token, contrasena });
    } catch (error) {
      const field = error instanceof ApiError ? error.errores?.find((e) => e.campo === 'contrasena') : undefined;
      if (field) setError('contrasena', { message: field.mensaje }, { shouldFocus: true });
      return;
    }
    notifySuccess(t('reset_done'));
    void navigate('/login');
  });

  const otherFailure = saving.error && !(saving.error instanceof ApiError && saving.error.errores) ? saving.error : undefined;

  return (
    <>
      <AuthCard
        title={t(invitation ? 'invite_new_title' : 'reset_new_title')}
        intro={t(invitation ? 'invite_new_intro' : 'reset_new_intro', { usuario: link.data.usuario })}
      >
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            {otherFailure && (
              <Alert color="red" role="alert" title={t('reset_failed_title')}>
                {waitMessageOr(otherFailure, t('reset_failed'))}
              </Alert>
            )}
            {/* For password managers: whose password this is. */}
            <input type="text" name="username" autoComplete="username" value={link.data.usuario} readOnly hidden />
            <NewPasswordFields
              label={t('new_password')}
              password={password}
              passwordField={register('contrasena')}
              confirmationField={register('confirmacion')}
              passwordError={validationText(errors.contrasena?.message)}
              confirmationError={validationText(errors.confirmacion?.message)}
            />
            <Button type="submit" disabled={!isValid} loading={saving.isPending} fullWidth>
              {t('reset_new_submit')}
            </Button>
          </Stack>
        </form>
      </AuthCard>
      <BackToLogin />
    </>
  );
}
