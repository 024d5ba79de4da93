import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { registroRecepcionFormSchema, type RegistroRecepcionForm } from '../../../../../contracts/users.ts';
import { ApiError } from '../../../lib/api.ts';
import { useCommonPasswords } from '../../../lib/common-passwords.ts';
import { validationText } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRegisterReception } from '../api/register-reception.ts';

const EMPTY: RegistroRecepcionForm = { usuario: '', email: '', contrasena: '', confirmacion: '', nombre: '', apellido_1: '', apellido_2: '' };

/** Which form field a 409 from the server is about. */
const CONFLICT_FIELD = { correo_duplicado: 'email', usuario_duplicado: 'usuario' } as const;

/** An admin opens a front-desk account: the same identity and password rules as any account. */
export function ReceptionAccountForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('admin');
  const registration = useRegisterReception();
  useCommonPasswords();
  const [visible, { toggle }] = useDisclosure(false);
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
  const toggleLabel = visible ? t('hide_passwords') : t('show_passwords');

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
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput
              label={t('field_password1')}
              description={t('password_hint')}
              autoComplete="new-password"
              required
              visible={visible}
              onVisibilityChange={toggle}
              visibilityToggleButtonProps={{ 'aria-label': toggleLabel }}
              error={errorOf('contrasena')}
              {...register('contrasena')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput
              label={t('field_password2')}
              autoComplete="new-password"
              required
              visible={visible}
              onVisibilityChange={toggle}
              visibilityToggleButtonProps={{ 'aria-label': toggleLabel }}
              error={errorOf('confirmacion')}
              {...register('confirmacion')}
            />
          </Grid.Col>
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
