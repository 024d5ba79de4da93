import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { crearConsultaSchema, TIPOS_CONSULTA } from '../../../../../contracts/consultations.ts';
import { DateField, TimeField } from '../../../components/date-fields.tsx';
import { ApiError } from '../../../lib/api.ts';
import { validationText } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateConsultation } from '../api/create-consultation.ts';
import { PatientSelect } from './patient-select.tsx';

type FormInput = z.input<typeof crearConsultaSchema>;
type FormOutput = z.output<typeof crearConsultaSchema>;

const EMPTY: FormInput = { pacienteId: '', fecha: '', hora: '', motivo: '', descripcion: '', tipo: 'Consulta', recordatorio: true };

/** The assignment form: patient, date, time, type, reason and description (spec sections 2, 5). */
export function AssignForm() {
  const { t } = useTranslation('consultations');
  const create = useCreateConsultation();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(crearConsultaSchema), defaultValues: EMPTY });

  // Why the server refused the last try (a time already taken, blocked…), shown beside the form,
  // which keeps what the doctor typed.
  const [refusal, setRefusal] = useState<string | null>(null);

  // An invalid form is not sent (spec section 5); the fields say what is missing.
  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      // diagnóstico and recomendaciones are sent empty (spec section 3).
      await create.mutateAsync({ ...values, diagnostico: '', recomendaciones: '' });
      notifySuccess(t('created'));
      reset(EMPTY);
    } catch (error) {
      notifyError(t('create_failed'));
      if (error instanceof ApiError && error.status < 500) setRefusal(error.message);
    }
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="nueva-consulta">
      <Title order={2} size="h3" id="nueva-consulta" mb="sm">
        {t('form_title')}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Controller
            control={control}
            name="pacienteId"
            render={({ field }) => (
              <PatientSelect
                value={typeof field.value === 'string' || typeof field.value === 'number' ? String(field.value) : ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={validationText(errors.pacienteId?.message)}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Controller
              control={control}
              name="fecha"
              render={({ field }) => (
                <DateField
                  label={t('date')}
                  required
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={validationText(errors.fecha?.message)}
                />
              )}
            />
            <Controller
              control={control}
              name="hora"
              render={({ field }) => (
                <TimeField
                  label={t('time')}
                  required
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={validationText(errors.hora?.message)}
                />
              )}
            />
            <NativeSelect
              label={t('type')}
              data={TIPOS_CONSULTA.map((value) => ({ value, label: t(`tipo_${value}`) }))}
              {...register('tipo')}
            />
          </SimpleGrid>
          <TextInput label={t('reason')} required maxLength={200} error={validationText(errors.motivo?.message)} {...register('motivo')} />
          <Textarea label={t('description')} autosize minRows={2} maxLength={2000} {...register('descripcion')} />
          <Text size="sm" c="dimmed">
            {t('slot_hint')}
          </Text>
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t('submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
