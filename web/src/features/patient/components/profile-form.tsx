import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Fieldset, Group, NativeSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { perfilPacienteFormSchema, type PerfilPaciente, type PerfilPacienteUpdate } from '../../../../../contracts/patient.ts';
import { findProvincia, PROVINCIAS } from '../../../../../contracts/spain.ts';
import { DateField } from '../../../components/date-fields.tsx';
import { ApiError } from '../../../lib/api.ts';
import { todayIso } from '../../../lib/calendar.ts';
import { validationText } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

interface FormValues {
  nombre: string;
  apellido1: string;
  apellido2: string;
  dni: string;
  nacimiento: string;
  sexo: string;
  telefono: string;
  direccion: string;
  codigo_postal: string;
  localidad: string;
  provincia: string;
  pais: string;
}

const FIELDS = [
  'nombre',
  'apellido1',
  'apellido2',
  'dni',
  'nacimiento',
  'sexo',
  'telefono',
  'direccion',
  'codigo_postal',
  'localidad',
  'provincia',
  'pais',
] as const satisfies readonly (keyof FormValues)[];

const isField = (name: string): name is keyof FormValues => (FIELDS as readonly string[]).includes(name);

function valuesOf(profile: PerfilPaciente): FormValues {
  const { usuario } = profile;
  return {
    nombre: usuario.nombre,
    apellido1: usuario.apellido1,
    apellido2: usuario.apellido2 ?? '',
    dni: usuario.dni ?? '',
    nacimiento: usuario.nacimiento ?? '',
    sexo: usuario.sexo ?? '',
    telefono: usuario.telefono ?? '',
    direccion: usuario.direccion.direccion ?? '',
    codigo_postal: usuario.direccion.codigo_postal ?? '',
    localidad: usuario.direccion.localidad ?? '',
    // A province saved under another spelling shows as the list's name.
    provincia: usuario.direccion.provincia ? (findProvincia(usuario.direccion.provincia)?.nombre ?? '') : '',
    pais: usuario.direccion.pais ?? '',
  };
}

/** A field's message: the required-name key reads "This field is required." next to the field. */
const fieldMessage = (key: string | undefined) =>
  key === 'perfil_campos_obligatorios' ? validationText('campo_requerido') : validationText(key);

interface ProfileFormProps {
  profile: PerfilPaciente;
  /** Lets a button outside the form submit it (the medical file's Edit/Save). */
  formId?: string;
  showSubmit?: boolean;
  onSaved?: () => void;
}

/** The patient's profile editor (spec: /perfil-paciente, and the file's edit mode). */
export function ProfileForm({ profile, formId = 'perfil-form', showSubmit = true, onSaved }: ProfileFormProps) {
  const { t } = useTranslation('patient');
  const update = useUpdateProfile();
  const resolver = useMemo(
    () => zodResolver(perfilPacienteFormSchema(todayIso())) as unknown as Resolver<FormValues, unknown, PerfilPacienteUpdate>,
    [],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, PerfilPacienteUpdate>({ resolver, defaultValues: valuesOf(profile), mode: 'onTouched' });

  const onInvalid = (invalid: FieldErrors<FormValues>) => {
    notifyError(invalid.nombre || invalid.apellido1 ? validationText('perfil_campos_obligatorios')! : t('save_error'));
  };

  const onValid = async (values: PerfilPacienteUpdate) => {
    try {
      await update.mutateAsync(values);
      notifySuccess(t('save_success'));
      onSaved?.();
    } catch (error) {
      for (const problem of error instanceof ApiError ? (error.errores ?? []) : []) {
        if (isField(problem.campo)) setError(problem.campo, { message: problem.mensaje });
      }
      // A refusal about the data itself (a DNI/NIE already on another file) says what to do.
      notifyError(error instanceof ApiError && error.status === 409 ? error.message : t('save_error'));
    }
  };

  const provinces = useMemo(() => PROVINCIAS.map((p) => ({ value: p.nombre, label: `${p.nombre} (${p.codigo})` })), []);

  return (
    <form id={formId} onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label={t('profile_form')}>
      <Stack gap="lg">
        <Fieldset legend={t('personal_data')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('first_name')} required autoComplete="given-name" error={fieldMessage(errors.nombre?.message)} {...register('nombre')} />
            <TextInput
              label={t('first_surname')}
              required
              autoComplete="family-name"
              error={fieldMessage(errors.apellido1?.message)}
              {...register('apellido1')}
            />
            <TextInput label={t('second_surname')} error={fieldMessage(errors.apellido2?.message)} {...register('apellido2')} />
            <TextInput
              label={t('email')}
              value={profile.usuario.correo}
              readOnly
              description={t('email_read_only')}
              autoComplete="email"
            />
            <TextInput label={t('dni')} description={t('dni_hint')} error={fieldMessage(errors.dni?.message)} {...register('dni')} />
            <Controller
              control={control}
              name="nacimiento"
              render={({ field }) => (
                <DateField
                  label={t('birth_date')}
                  maxDate={todayIso()}
                  defaultLevel="decade"
                  error={fieldMessage(errors.nacimiento?.message)}
                  autoComplete="bday"
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
            <NativeSelect
              label={t('sex')}
              error={fieldMessage(errors.sexo?.message)}
              data={[
                { value: '', label: t('sex_unset') },
                { value: 'M', label: t('sex_M') },
                { value: 'F', label: t('sex_F') },
              ]}
              {...register('sexo')}
            />
            <TextInput label={t('phone')} type="tel" autoComplete="tel" error={fieldMessage(errors.telefono?.message)} {...register('telefono')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('address')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('street')}
              autoComplete="street-address"
              error={fieldMessage(errors.direccion?.message)}
              {...register('direccion')}
            />
            <TextInput
              label={t('postal_code')}
              inputMode="numeric"
              maxLength={5}
              autoComplete="postal-code"
              error={fieldMessage(errors.codigo_postal?.message)}
              {...register('codigo_postal')}
            />
            <TextInput label={t('city')} autoComplete="address-level2" error={fieldMessage(errors.localidad?.message)} {...register('localidad')} />
            <Controller
              control={control}
              name="provincia"
              render={({ field }) => (
                <Select
                  label={t('province')}
                  data={provinces}
                  searchable
                  clearable
                  nothingFoundMessage={t('province_not_found')}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldMessage(errors.provincia?.message)}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <TextInput label={t('country')} autoComplete="country-name" error={fieldMessage(errors.pais?.message)} {...register('pais')} />
          </SimpleGrid>
        </Fieldset>
        {showSubmit && (
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('save_changes')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
