import { Button, Grid, Group, NumberInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITES_REGLAS } from '../../../../../contracts/booking-rules-words.ts';
import type { ReglasReserva } from '../../../../../contracts/booking-rules.ts';
import { ApiError } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useBookingRules } from '../../../lib/appointments/get-booking-rules.ts';
import { useSaveBookingRules } from '../api/save-booking-rules.ts';
import { SettingsSection } from './settings-section.tsx';

type Field = keyof ReglasReserva;
/** The notices are stored in minutes and edited in hours. */
const IN_HOURS: ReadonlySet<Field> = new Set(['antelacion_reserva_min', 'antelacion_cancelacion_min']);
const FIELDS: Field[] = [
  'antelacion_reserva_min',
  'horizonte_dias',
  'antelacion_cancelacion_min',
  'max_citas_activas',
  'max_citas_doctor_dia',
  'limite_no_presentados',
];

const shown = (field: Field, value: number) => (IN_HOURS.has(field) ? value / 60 : value);
const stored = (field: Field, value: number) => (IN_HOURS.has(field) ? Math.round(value * 60) : value);

/** 'Reglas de reserva' on the 'Clínica' screen: notice, furthest day, caps and the no-show limit. */
export function BookingRulesForm() {
  const { t } = useTranslation('admin');
  const rules = useBookingRules();
  const save = useSaveBookingRules();
  // What the admin typed over the stored rules (cleared once saved).
  const [edits, setEdits] = useState<Partial<Record<Field, number | string>>>({});
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const values = rules.data
    ? (Object.fromEntries(FIELDS.map((field) => [field, edits[field] ?? shown(field, rules.data[field])])) as Record<Field, number | string>)
    : null;

  // As the clinic's details above: nothing to save until a rule differs from the stored one.
  const changed = rules.data !== undefined && FIELDS.some((field) => field in edits && edits[field] !== shown(field, rules.data[field]));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!values) return;
    const body = Object.fromEntries(
      FIELDS.map((field) => [field, typeof values[field] === 'number' ? stored(field, values[field]) : Number.NaN]),
    ) as ReglasReserva;
    setErrors({});
    try {
      await save.mutateAsync(body);
      setEdits({});
      notifySuccess(t('rules_saved'));
    } catch (error) {
      if (error instanceof ApiError && error.errores) {
        setErrors(Object.fromEntries(error.errores.map((e) => [e.campo, e.mensaje])));
      }
      notifyError(error instanceof ApiError ? error.message : t('clinic_save_error'));
    }
  };

  return (
    <SettingsSection id="booking-rules" title={t('rules_title')} hint={t('rules_intro')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('rules_title')}>
        <Stack mt="md">
          <Grid>
            {FIELDS.map((field) => (
              <Grid.Col key={field} span={{ base: 12, sm: 6 }}>
                <NumberInput
                  label={t(`rules_field_${field}`)}
                  description={t(`rules_hint_${field}`)}
                  min={shown(field, LIMITES_REGLAS[field].min)}
                  max={shown(field, LIMITES_REGLAS[field].max)}
                  allowDecimal={false}
                  allowNegative={false}
                  required
                  disabled={!values}
                  value={values?.[field] ?? ''}
                  onChange={(value) => setEdits((current) => ({ ...current, [field]: value }))}
                  error={errors[field]}
                />
              </Grid.Col>
            ))}
          </Grid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!values || !changed}>
              {t('rules_save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
