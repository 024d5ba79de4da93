import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Container, FileButton, Grid, Group, Image, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { clinicaCambioSchema, LOGO_TYPES, type Clinica, type ClinicaCambio } from '../../../../../contracts/clinic.ts';
import { ApiError } from '../../../lib/api.ts';
import { validationText } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useClinicSettings, useRemoveLogo, useSaveClinic, useUploadLogo } from '../api/clinic.ts';
import { BookingRulesForm } from '../components/booking-rules-form.tsx';
import { ClosuresSection } from '../components/closures-section.tsx';
import { HolidaysSection } from '../components/holidays-section.tsx';
import { SettingsSection } from '../components/settings-section.tsx';

// The visit types' section (a colour picker, a dialog) loads after the screen's first render.
// Below the fold: loaded after the page, so its first load stays within budget.
const ReminderPlanSection = lazy(() => import('../components/reminder-plan-section.tsx').then((module) => ({ default: module.ReminderPlanSection })));
const VisitTypesSection = lazy(() => import('../components/visit-types-section.tsx').then((module) => ({ default: module.VisitTypesSection })));

const FIELDS = ['nombre', 'razon_social', 'nif', 'direccion', 'codigo_postal', 'localidad', 'telefono', 'correo', 'correo_privacidad', 'web'] as const;

const formValues = (clinica: Clinica): ClinicaCambio => ({
  nombre: clinica.nombre,
  razon_social: clinica.razon_social,
  nif: clinica.nif,
  direccion: clinica.direccion,
  codigo_postal: clinica.codigo_postal,
  localidad: clinica.localidad,
  telefono: clinica.telefono,
  correo: clinica.correo,
  correo_privacidad: clinica.correo_privacidad,
  web: clinica.web,
  horario: clinica.horario,
});

/** How wide each field is from the tablet up (one per line on a phone). */
const SPAN: Record<(typeof FIELDS)[number], number> = {
  nombre: 6,
  razon_social: 6,
  nif: 4,
  direccion: 8,
  codigo_postal: 4,
  localidad: 8,
  telefono: 6,
  correo: 6,
  correo_privacidad: 6,
  web: 6,
};

/** 'Clínica': the clinic's identity, set once and shown on every page, e-mail and document. */
export default function ClinicSettingsPage() {
  const { t } = useTranslation('admin');
  const clinic = useClinicSettings();
  const save = useSaveClinic();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ClinicaCambio>({ resolver: zodResolver(clinicaCambioSchema), mode: 'onTouched' });

  useEffect(() => {
    if (clinic.data) reset(formValues(clinic.data));
  }, [clinic.data, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(formValues(saved));
      notifySuccess(t('clinic_saved'));
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('clinic_save_error'));
    }
  });

  const onLogo = async (file: File | null) => {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      notifySuccess(t('clinic_logo_saved'));
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('clinic_save_error'));
    }
  };

  const onRemoveLogo = async () => {
    try {
      await remove.mutateAsync();
      notifySuccess(t('clinic_logo_removed'));
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('clinic_save_error'));
    }
  };

  return (
    <Container size="md" py="xl">
      <Title order={1}>{t('clinic_title')}</Title>
      <Text c="dimmed" mt="xs">
        {t('clinic_intro')}
      </Text>
      {clinic.isError && (
        <Alert color="red" mt="md" role="alert">
          {t('common:load_error')}
        </Alert>
      )}

      <SettingsSection id="clinic-logo" title={t('clinic_logo')} hint={t('clinic_logo_hint')}>
        <Group mt="md" gap="md" wrap="wrap">
          {clinic.data?.logo_url ? (
            <Image src={clinic.data.logo_url} alt={t('clinic_logo_alt', { name: clinic.data.nombre })} h={64} w="auto" fit="contain" />
          ) : (
            <Text size="sm">{t('clinic_no_logo')}</Text>
          )}
          <FileButton onChange={(file) => void onLogo(file)} accept={LOGO_TYPES.join(',')}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden />} loading={upload.isPending}>
                {t('clinic_logo_upload')}
              </Button>
            )}
          </FileButton>
          {clinic.data?.logo_url && (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} loading={remove.isPending} onClick={() => void onRemoveLogo()}>
              {t('clinic_logo_remove')}
            </Button>
          )}
        </Group>
      </SettingsSection>

      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md">
        <form onSubmit={onSubmit} noValidate aria-label={t('clinic_title')}>
          <Stack>
            <Grid>
              {FIELDS.map((field) => (
                <Grid.Col key={field} span={{ base: 12, sm: SPAN[field] }}>
                  <TextInput
                    label={t(`clinic_field_${field}`)}
                    required
                    type={field === 'correo' || field === 'correo_privacidad' ? 'email' : 'text'}
                    inputMode={field === 'telefono' ? 'tel' : field === 'codigo_postal' ? 'numeric' : undefined}
                    error={validationText(errors[field]?.message)}
                    disabled={!clinic.data}
                    {...register(field)}
                  />
                </Grid.Col>
              ))}
              <Grid.Col span={12}>
                <Textarea
                  label={t('clinic_field_horario')}
                  description={t('clinic_hours_hint')}
                  required
                  autosize
                  minRows={2}
                  error={validationText(errors.horario?.message)}
                  disabled={!clinic.data}
                  {...register('horario')}
                />
              </Grid.Col>
            </Grid>
            <Group justify="flex-end">
              <Button type="submit" loading={isSubmitting || save.isPending} disabled={!clinic.data || !isDirty}>
                {t('clinic_save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <BookingRulesForm />
      <Suspense fallback={null}>
        <ReminderPlanSection />
      </Suspense>
      <Suspense fallback={null}>
        <VisitTypesSection />
      </Suspense>
      <ClosuresSection />
      <HolidaysSection />
    </Container>
  );
}
