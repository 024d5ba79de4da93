import { Alert, Anchor, Button, Container, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from '../../../lib/router.tsx';
import type { LoginPayload, LoginResponse } from '../../../../../contracts/auth.ts';
import { HOME_BY_ROLE } from '../../../../../contracts/roles.ts';
import { canOpen, SCREENS, type ScreenName } from '../../../../../contracts/routes.ts';
import { waitMessageOr } from '../../../lib/api.ts';
import { validationText } from '../../../lib/i18n.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { safeNext } from '../../../lib/safe-next.ts';
import { mustEnrol, needsCode, useLogin } from '../api/login.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LoginReasonNotice } from '../components/login-reason.tsx';

// The form's rules (and zod) and the code step load after the form is drawn.
const loginResolver = lazyZodResolver(() =>
  import('../../../../../contracts/auth.ts').then((module) => module.loginSchema),
);
const CodeStep = lazy(() => import('../components/code-step.tsx').then((module) => ({ default: module.CodeStep })));

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loginMutation = useLogin();
  // With a second factor, the right password earns a ticket and the page asks for a code.
  const [ticket, setTicket] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors, isValid },
  } = useForm<LoginPayload>({
    resolver: loginResolver,
    mode: 'onTouched',
    defaultValues: { usuario: '', contrasena: '' },
  });

  /**
   * Logged in: enrolment first when the role requires a second factor not set up; else back to the
   * page asked for (same site only) when this role may open it; else the role's home.
   */
  const loggedIn = async (response: LoginResponse) => {
    if (await mustEnrol().catch(() => false)) {
      void navigate(SCREENS.secondFactor.path, { replace: true });
      return;
    }
    const role = response.usuario.rol;
    const next = safeNext(params.get('next'));
    const path = next?.split(/[?#]/)[0];
    const screen = (Object.keys(SCREENS) as ScreenName[]).find((name) => SCREENS[name].path === path);
    const allowed = next !== undefined && (screen === undefined || canOpen(screen, role));
    void navigate(allowed ? next : (HOME_BY_ROLE[role] ?? '/home'), { replace: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    const response = await loginMutation.mutateAsync(values).catch(() => undefined);
    if (!response) return;
    if (needsCode(response)) setTicket(response.ticket);
    else await loggedIn(response);
  });

  const restart = () => {
    setTicket(null);
    loginMutation.reset();
    resetField('contrasena');
  };

  const error = loginMutation.error;
  const errorText = error ? waitMessageOr(error, t('login_failed')) : undefined;

  return (
    <Container size={420} py="xl">
      <AuthCard
        title={ticket ? t('code_title') : t('login_title')}
        intro={
          !ticket && (
            <>
              {t('login_no_account')}{' '}
              <Anchor component={Link} to="/register" size="sm">
                {t('login_register_link')}
              </Anchor>
            </>
          )
        }
      >
        {ticket ? (
          <Suspense fallback={null}>
            <CodeStep ticket={ticket} onDone={(response) => void loggedIn(response)} onRestart={restart} />
          </Suspense>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack>
              <LoginReasonNotice />
              {errorText && (
                <Alert color="red" role="alert" title={t('login_error_title')}>
                  {errorText}
                </Alert>
              )}
              <TextInput
                label={t('username')}
                autoComplete="username"
                required
                error={validationText(errors.usuario?.message)}
                {...register('usuario')}
              />
              <PasswordInput
                label={t('password')}
                autoComplete="current-password"
                required
                error={validationText(errors.contrasena?.message)}
                visibilityToggleButtonProps={{ 'aria-label': t('toggle_password') }}
                {...register('contrasena')}
              />
              <Button type="submit" disabled={!isValid} loading={loginMutation.isPending} fullWidth>
                {t('login_submit')}
              </Button>
              <Text size="sm" ta="center">
                <Anchor component={Link} to="/restablecer-contrasena" size="sm">
                  {t('forgot_link')}
                </Anchor>
              </Text>
            </Stack>
          </form>
        )}
      </AuthCard>
    </Container>
  );
}
