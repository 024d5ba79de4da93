import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Grid, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  altaRecepcionSchema,
  type AltaRecepcion,
  type AltaRecepcionInput,
  type AltaRecepcionRespuesta,
  type CandidatoDuplicado,
} from '../../../../../contracts/desk-patients.ts';
import { fullName } from '../../../../../contracts/names.ts';
import { DateField } from '../../../components/date-fields.tsx';
import { ApiError, waitMessageOr } from '../../../lib/api.ts';
import { validationText } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useRegisterDeskPatient } from '../api/register-desk-patient.ts';
import { numericDate } from './desk-dates.ts';
import { phoneForReading } from '../../../lib/clinic.ts';

const EMPTY: AltaRecepcionInput = {
  nombre: '',
  apellido1: '',
  apellido2: '',
  telefono: '',
  correo: '',
  dni: '',
  fecha_nacimiento: '',
  idioma: 'es',
};

/** Which form field a refusal from the server is about. */
const CONFLICT_FIELD = { dni_duplicado_recepcion: 'dni', correo_duplicado: 'correo' } as const;

interface Props {
  onCreated: (result: AltaRecepcionRespuesta) => void;
  onUseExisting: (id_paciente: number) => void;
  onCancel: () => void;
}

/** Registers a caller at the desk, showing likely duplicates before a new record is made. */
export function NewDeskPatientForm({ onCreated, onUseExisting, onCancel }: Props) {
  const { t } = useTranslation('desk-patients');
  const registration = useRegisterDeskPatient();
  const [duplicates, setDuplicates] = useState<{ candidatos: CandidatoDuplicado[]; values: AltaRecepcion } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AltaRecepcionInput, unknown, AltaRecepcion>({
    resolver: zodResolver(altaRecepcionSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const send = async (values: AltaRecepcion) => {
    try {
      const outcome = await registration.mutateAsync(values);
      if (outcome.kind === 'duplicates') {
        setDuplicates({ candidatos: outcome.candidatos, values });
        return;
      }
      setDuplicates(null);
      onCreated(outcome.result);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      if (error instanceof ApiError && code in CONFLICT_FIELD) {
        setDuplicates(null);
        setError(CONFLICT_FIELD[code as keyof typeof CONFLICT_FIELD], { message: error.message });
        return;
      }
      if (error instanceof ApiError && error.errores?.length) {
        for (const { campo, mensaje } of error.errores) setError(campo as keyof AltaRecepcionInput, { message: mensaje });
        return;
      }
      notifyError(waitMessageOr(error, t('form_error')));
    }
  };

  const onSubmit = handleSubmit((values) => send(values));
  const errorOf = (field: keyof AltaRecepcionInput) => validationText(errors[field]?.message);
  const sending = isSubmitting || registration.isPending;

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Title order={2} size="h3">
        {t('form_title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('form_intro')}
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label={t('form_title')}>
        <Stack>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('field_name')} required autoComplete="off" error={errorOf('nombre')} {...register('nombre')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('field_surname1')} required autoComplete="off" error={errorOf('apellido1')} {...register('apellido1')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('field_surname2')} autoComplete="off" error={errorOf('apellido2')} {...register('apellido2')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('field_phone')} type="tel" inputMode="tel" autoComplete="off" error={errorOf('telefono')} {...register('telefono')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('field_email')} type="email" autoComplete="off" error={errorOf('correo')} {...register('correo')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('field_dni')} autoComplete="off" error={errorOf('dni')} {...register('dni')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Controller
                control={control}
                name="fecha_nacimiento"
                render={({ field }) => (
                  <DateField
                    label={t('field_birth_date')}
                    value={typeof field.value === 'string' ? field.value : ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errorOf('fecha_nacimiento')}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Controller
                control={control}
                name="idioma"
                render={({ field }) => (
                  <Select
                    label={t('field_language')}
                    data={(['es', 'ca', 'en'] as const).map((value) => ({ value, label: t(`language_${value}`) }))}
                    value={field.value ?? 'es'}
                    onChange={(value) => field.onChange(value ?? 'es')}
                    allowDeselect={false}
                  />
                )}
              />
            </Grid.Col>
          </Grid>

          {duplicates && (
            <Alert color="orange" variant="light" title={t('duplicates_title')} role="alert" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
              <Text size="sm" mb="sm">
                {t('duplicates_intro')}
              </Text>
              <Stack gap="xs">
                {duplicates.candidatos.map((candidate) => (
                  <Paper key={candidate.id_paciente} withBorder p="xs" radius="sm">
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <div>
                        <Text fw={600}>{fullName(candidate)}</Text>
                        <Text size="sm">
                          {[candidate.dni, candidate.telefono && phoneForReading(candidate.telefono), candidate.correo, candidate.fecha_nacimiento && numericDate(candidate.fecha_nacimiento)]
                            .filter(Boolean)
                            .join(' · ')}
                        </Text>
                        <Group gap={4} mt={4}>
                          {candidate.motivos.map((motivo) => (
                            <Badge key={motivo} size="sm" variant="filled" color="gray.7" tt="none" style={{ height: 'auto', whiteSpace: 'normal' }}>
                              {t(`reason_${motivo}`)}
                            </Badge>
                          ))}
                        </Group>
                      </div>
                      <Button size="xs" variant="light" onClick={() => onUseExisting(candidate.id_paciente)} aria-label={`${t('use_this')}: ${fullName(candidate)}`}>
                        {t('use_this')}
                      </Button>
                    </Group>
                  </Paper>
                ))}
              </Stack>
              <Button mt="sm" variant="default" loading={sending} onClick={() => void send({ ...duplicates.values, confirmar_duplicado: true })}>
                {t('create_anyway')}
              </Button>
            </Alert>
          )}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t('form_cancel')}
            </Button>
            <Button type="submit" loading={sending} loaderProps={{ 'aria-label': t('form_sending') }}>
              {t('form_submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
