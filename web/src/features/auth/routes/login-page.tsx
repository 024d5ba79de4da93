import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { loginSchema, type LoginPayload } from '../../../../../contracts/auth.ts';
import { HOME_BY_ROLE } from '../../../../../contracts/roles.ts';
import { ApiError } from '../../../lib/api.ts';
import { validationText } from '../../../lib/i18n.ts';
import { useLogin } from '../api/login.ts';
import { LoginReasonNotice } from '../components/login-reason.tsx';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<LoginPayload>({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { usuario: '', contrasena: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const response = await loginMutation.mutateAsync(values).catch(() => undefined);
    if (response) void navigate(HOME_BY_ROLE[response.usuario.rol] ?? '/home');
  });

  const error = loginMutation.error;
  const errorText =
    error instanceof ApiError && error.status === 429 ? error.message : error ? t('login_failed') : undefined;

  return (
    <Container size={420} py="xl">
      <Title order={1} ta="center">
        {t('login_title')}
      </Title>
      <Text c="dimmed" size="sm" ta="center" mt={5}>
        {t('login_no_account')}{' '}
        <Anchor component={Link} to="/register" size="sm">
          {t('login_register_link')}
        </Anchor>
      </Text>
      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md">
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
      </Paper>
    </Container>
  );
}
