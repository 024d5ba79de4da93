import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Container,
  Fieldset,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../../lib/router.tsx';
import type { z } from 'zod';
import { registroPacienteFormSchema, type RegistroPacienteForm } from '../../../../../contracts/auth.ts';
import { ApiError } from '../../../lib/api.ts';
import { validationText } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRegisterPatient } from '../api/register-patient.ts';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';

const Legend = ({ children }: { children: string }) => (
  <Text component="span" fw={700} size="lg">
    {children}
  </Text>
);

type FormOutput = z.output<typeof registroPacienteFormSchema>;

/** Which field a 409 from the server is about. */
const DUPLICATE_FIELD: Record<string, 'usuario' | 'email'> = {
  usuario_duplicado: 'usuario',
  correo_duplicado: 'email',
};

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const registration = useRegisterPatient();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useForm<RegistroPacienteForm, unknown, FormOutput>({
    resolver: zodResolver(registroPacienteFormSchema),
    mode: 'onTouched',
    defaultValues: {
      usuario: '',
      email: '',
      contrasena: '',
      confirmacion: '',
      nombre: '',
      apellido_1: '',
      apellido_2: '',
      terminos: false,
    },
  });
  const password = useWatch({ control, name: 'contrasena' });

  const onSubmit = handleSubmit(
    async ({ confirmacion: _confirmacion, terminos: _terminos, ...payload }) => {
      try {
        await registration.mutateAsync(payload);
      } catch (error) {
        const field = error instanceof ApiError ? DUPLICATE_FIELD[error.code] : undefined;
        if (field && error instanceof ApiError) setError(field, { message: error.message }, { shouldFocus: true });
        return;
      }
      notifySuccess(t('register_success'));
      void navigate('/login');
    },
    () => notifyError(t('register_incomplete')),
  );

  const failure = registration.error;
  // The spec's message, plus the server's reason when it is one the user can act on (a taken name,
  // too many sign-ups from this address for now).
  const failureDetail = failure instanceof ApiError && (failure.status === 409 || failure.status === 429) ? failure.message : undefined;
  const error = (message: string | undefined) => validationText(message);

  return (
    <Container size={620} py="xl">
      <Title order={1} ta="center">
        {t('register_title')}
      </Title>
      <Text c="dimmed" ta="center" mt={5}>
        {t('register_intro')}
      </Text>
      <Text size="sm" ta="center" mt="xs">
        {t('register_have_account')}{' '}
        <Anchor component={Link} to="/login" size="sm">
          {t('register_login_link')}
        </Anchor>
      </Text>

      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} mt="lg" radius="md">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="lg">
            {failure && (
              <Alert color="red" role="alert" title={t('register_failed')}>
                {failureDetail}
              </Alert>
            )}

            <Fieldset legend={<Legend>{t('register_personal')}</Legend>} variant="unstyled">
              <Stack gap="sm">
                <TextInput
                  label={t('first_name')}
                  autoComplete="given-name"
                  required
                  error={error(errors.nombre?.message)}
                  {...register('nombre')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label={t('surname1')}
                    autoComplete="family-name"
                    required
                    error={error(errors.apellido_1?.message)}
                    {...register('apellido_1')}
                  />
                  <TextInput
                    label={t('surname2')}
                    autoComplete="additional-name"
                    error={error(errors.apellido_2?.message)}
                    {...register('apellido_2')}
                  />
                </SimpleGrid>
                <TextInput
                  label={t('email')}
                  type="email"
                  autoComplete="email"
                  required
                  error={error(errors.email?.message)}
                  {...register('email')}
                />
              </Stack>
            </Fieldset>

            <Fieldset legend={<Legend>{t('register_access')}</Legend>} variant="unstyled">
              <Stack gap="sm">
                <TextInput
                  label={t('username')}
                  description={t('username_hint')}
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  required
                  error={error(errors.usuario?.message)}
                  {...register('usuario')}
                />
                <NewPasswordFields
                  label={t('password')}
                  password={password}
                  passwordField={register('contrasena')}
                  confirmationField={register('confirmacion')}
                  passwordError={error(errors.contrasena?.message)}
                  confirmationError={error(errors.confirmacion?.message)}
                />
              </Stack>
            </Fieldset>

            <Checkbox
              required
              error={error(errors.terminos?.message)}
              label={
                <>
                  {t('terms_accept')}{' '}
                  <Anchor component={Link} to="/terminos" target="_blank" rel="noopener" inherit>
                    {t('terms_link')}
                    <VisuallyHidden> {t('opens_new_tab')}</VisuallyHidden>
                  </Anchor>
                </>
              }
              {...register('terminos')}
            />

            <Button
              type="submit"
              size="md"
              fullWidth
              loading={registration.isPending}
              // Looks and reads disabled while the form is invalid, yet a press still explains why (spec section 5).
              data-disabled={!isValid || undefined}
              aria-disabled={!isValid}
            >
              {t('register_submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
