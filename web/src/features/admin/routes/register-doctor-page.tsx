import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Grid, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import { registroDoctorFormSchema, registroDoctorPayload, type RegistroDoctorForm } from '../../../../../contracts/doctors.ts';
import { ApiError } from '../../../lib/api.ts';
import { useCommonPasswords } from '../../../lib/common-passwords.ts';
import { validationText } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRegisterDoctor } from '../api/register-doctor.ts';
import { useSpecialties } from '../api/specialties.ts';
import { AccountPasswordFields } from '../components/account-password-fields.tsx';
import { Page } from '../../../components/page.tsx';

const EMPTY: RegistroDoctorForm = {
  username: '',
  email: '',
  password1: '',
  password2: '',
  nombre: '',
  apellido1: '',
  apellido2: '',
  numeroColegiado: '',
  id_especialidad: '',
};

/** Which form field a 409 from the server is about. */
const CONFLICT_FIELD = { correo_duplicado: 'email', usuario_duplicado: 'username', colegiado_duplicado: 'numeroColegiado' } as const;

export default function RegisterDoctorPage() {
  const { t } = useTranslation('admin');
  const specialties = useSpecialties();
  const registration = useRegisterDoctor();
  // The form refuses a common password once the list is there.
  useCommonPasswords();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(registroDoctorFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    if (registration.isPending) return;
    try {
      await registration.mutateAsync(registroDoctorPayload(values));
      notifySuccess(t('register_success'));
      reset(EMPTY);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      notifyError(code === 'correo_duplicado' ? t('register_email_taken') : t('register_unexpected'));
      if (error instanceof ApiError && code in CONFLICT_FIELD) {
        setError(CONFLICT_FIELD[code as keyof typeof CONFLICT_FIELD], { message: error.message });
      }
    }
  });

  const errorOf = (field: keyof RegistroDoctorForm) => validationText(errors[field]?.message);
  const invalidIcon = (field: keyof RegistroDoctorForm) => (errors[field] ? <IconAlertCircle size={18} color="var(--mantine-color-error)" aria-hidden /> : undefined);
  const sending = isSubmitting || registration.isPending;

  return (
    <Page size="sm" title={t('register_title')} intro={t('register_intro')}>
      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md">
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            {specialties.isError && (
              <Alert color="red" role="alert">
                {t('specialties_error')}
              </Alert>
            )}
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('field_username')} autoComplete="off" required error={errorOf('username')} rightSection={invalidIcon('username')} {...register('username')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('field_email')} type="email" autoComplete="off" required error={errorOf('email')} rightSection={invalidIcon('email')} {...register('email')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput label={t('field_nombre')} required error={errorOf('nombre')} rightSection={invalidIcon('nombre')} {...register('nombre')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput label={t('field_apellido1')} required error={errorOf('apellido1')} rightSection={invalidIcon('apellido1')} {...register('apellido1')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput label={t('field_apellido2')} required error={errorOf('apellido2')} rightSection={invalidIcon('apellido2')} {...register('apellido2')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={t('field_colegiado')}
                  placeholder={t('colegiado_placeholder')}
                  inputMode="numeric"
                  maxLength={9}
                  required
                  error={errorOf('numeroColegiado')}
                  rightSection={invalidIcon('numeroColegiado')}
                  {...register('numeroColegiado')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Controller
                  control={control}
                  name="id_especialidad"
                  render={({ field }) => (
                    <Select
                      label={t('field_specialty')}
                      placeholder={t('specialty_placeholder')}
                      required
                      searchable
                      nothingFoundMessage={t('specialty_none')}
                      data={(specialties.data ?? []).map((s) => ({ value: String(s.id_especialidad), label: s.nombre }))}
                      value={field.value || null}
                      onChange={(value) => field.onChange(value ?? '')}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      name={field.name}
                      error={errorOf('id_especialidad')}
                    />
                  )}
                />
              </Grid.Col>
              <AccountPasswordFields
                passwordField={register('password1')}
                confirmationField={register('password2')}
                passwordError={errorOf('password1')}
                confirmationError={errorOf('password2')}
              />
            </Grid>
            <Button type="submit" disabled={!isValid || sending} loading={sending} loaderProps={{ 'aria-label': t('register_sending') }}>
              {t('register_submit')}
            </Button>
            <Text size="sm" ta="center">
              {t('register_login_prompt')}{' '}
              <Anchor component={Link} to="/login" size="sm">
                {t('register_login_link')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Page>
  );
}
