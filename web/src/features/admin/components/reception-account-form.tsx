import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { registroRecepcionFormSchema, type RegistroRecepcionForm } from '../../../../../contracts/users.ts';
import { ApiError } from '../../../lib/api.ts';
import { useCommonPasswords } from '../../../lib/common-passwords.ts';
import { validationText } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRegisterReception } from '../api/register-reception.ts';
import { AccountPasswordFields } from './account-password-fields.tsx';

const EMPTY: RegistroRecepcionForm = { usuario: '', email: '', contrasena: '', confirmacion: '', nombre: '', apellido_1: '', apellido_2: '' };

/** Which form field a 409 from the server is about. */
const CONFLICT_FIELD = { correo_duplicado: 'email', usuario_duplicado: 'usuario' } as const;

/** An admin opens a front-desk account: the same identity and password rules as any account. */
export function ReceptionAccountForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('admin');
  const registration = useRegisterReception();
  useCommonPasswords();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(registroRecepcionFormSchema), mode: 'onTouched', defaultValues: EMPTY });

  const onSubmit = handleSubmit(async ({ confirmacion: _confirmation, ...payload }) => {
    if (registration.isPending) return;
    try {
      await registration.mutateAsync(payload);
      notifySuccess(t('reception_created', { usuario: payload.usuario }));
      onDone();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      if (error instanceof ApiError && code in CONFLICT_FIELD) {
        setError(CONFLICT_FIELD[code as keyof typeof CONFLICT_FIELD], { message: error.message });
      } else {
        notifyError(error instanceof ApiError ? error.message : t('register_unexpected'));
      }
    }
  });

  const errorOf = (field: keyof RegistroRecepcionForm) => validationText(errors[field]?.message);
  const sending = isSubmitting || registration.isPending;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('field_username')} autoComplete="off" required error={errorOf('usuario')} {...register('usuario')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('field_email')} type="email" autoComplete="off" required error={errorOf('email')} {...register('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label={t('field_nombre')} required error={errorOf('nombre')} {...register('nombre')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label={t('field_apellido1')} required error={errorOf('apellido_1')} {...register('apellido_1')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label={t('field_apellido2_optional')} error={errorOf('apellido_2')} {...register('apellido_2')} />
          </Grid.Col>
          <AccountPasswordFields
            passwordField={register('contrasena')}
            confirmationField={register('confirmacion')}
            passwordError={errorOf('contrasena')}
            confirmationError={errorOf('confirmacion')}
          />
        </Grid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={sending}>
            {t('reception_submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
