import { Checkbox, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_INTERVAL, INTERVAL_STEP, isValidInterval, MIN_INTERVAL, slotStarts } from '../../../../../contracts/slots.ts';
import { DateField, TimeField } from '../../../components/date-fields.tsx';
import { ModalActions } from '../../../components/modal-actions.tsx';
import { ApiError } from '../../../lib/api.ts';
import { validationText } from '../../../lib/i18n.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify.ts';
import { submitWith } from '../../../lib/submit-with.ts';
import { useOpenDay } from '../api/open-day.ts';

interface Range {
  active: boolean;
  start: string;
  end: string;
}

/** Spec section 9: morning 09:00-14:00 and afternoon 16:00-19:00, both off by default. */
const DEFAULT_RANGES = {
  morning: { active: false, start: '09:00', end: '14:00' },
  afternoon: { active: false, start: '16:00', end: '19:00' },
};

interface OpenDayModalProps {
  opened: boolean;
  onClose: () => void;
  idDoctor: number;
  initialDate: string;
  onOpened: (fecha: string) => void;
}

/**
 * 'Apertura de Jornada': opens a day at an interval from the morning and/or afternoon range.
 * Mounted while open, so each opening starts from the defaults.
 */
export function OpenDayModal({ opened, onClose, idDoctor, initialDate, onOpened }: OpenDayModalProps) {
  const { t } = useTranslation('agenda');
  const [fecha, setFecha] = useState(initialDate);
  const [interval, setInterval] = useState<number | string>(DEFAULT_INTERVAL);
  const [ranges, setRanges] = useState(DEFAULT_RANGES);
  const [submitted, setSubmitted] = useState(false);
  const open = useOpenDay();

  const step = typeof interval === 'number' ? interval : Number(interval);
  const validInterval = isValidInterval(step);
  const starts = (range: Range) => (range.active && validInterval && range.start && range.end ? slotStarts(range.start, range.end, step) : []);
  const bloques = [...starts(ranges.morning), ...starts(ranges.afternoon)];

  const submit = async () => {
    setSubmitted(true);
    if (!ranges.morning.active && !ranges.afternoon.active) {
      notifyError(t('range_required'));
      return;
    }
    if (!fecha || !validInterval) return;
    try {
      const result = await open.mutateAsync({ id_doctor: idDoctor, fecha, bloques, intervalo_min: step });
      if (result.bloques_creados > 0) notifySuccess(t('opened', { count: result.bloques_creados }));
      else notifyInfo(t('opened_none'));
      onOpened(fecha);
      onClose();
    } catch (error) {
      notifyError(error instanceof ApiError && (error.status === 400 || error.status === 409) ? `${t('open_failed')} ${error.message}` : t('open_failed'));
    }
  };

  const rangeFields = (key: 'morning' | 'afternoon') => {
    const range = ranges[key];
    const update = (change: Partial<Range>) => setRanges((current) => ({ ...current, [key]: { ...current[key], ...change } }));
    return (
      <Stack gap="xs">
        <Checkbox
          label={`${t(key)} (${range.start}–${range.end})`}
          checked={range.active}
          onChange={(event) => update({ active: event.currentTarget.checked })}
        />
        <Group grow>
          <TimeField label={t(`${key}_start`)} value={range.start} disabled={!range.active} onChange={(start) => update({ start })} />
          <TimeField label={t(`${key}_end`)} value={range.end} disabled={!range.active} onChange={(end) => update({ end })} />
        </Group>
      </Stack>
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('open_title')} centered closeButtonProps={{ 'aria-label': t('common:close') }}>
      <form noValidate onSubmit={submitWith(submit)}>
        <Stack>
          <DateField
            label={t('date')}
            required
            value={fecha}
            onChange={setFecha}
            error={submitted && !fecha ? validationText('campo_requerido') : undefined}
          />
          <NumberInput
            label={t('interval')}
            required
            min={MIN_INTERVAL}
            step={INTERVAL_STEP}
            value={interval}
            onChange={setInterval}
            allowDecimal={false}
            error={!validInterval ? validationText('intervalo_invalido') : undefined}
          />
          {rangeFields('morning')}
          {rangeFields('afternoon')}
          <Text size="sm" c="dimmed" aria-live="polite">
            {bloques.length > 0 ? t('open_preview', { count: bloques.length }) : ''}
          </Text>
          <ModalActions onCancel={onClose} submitLabel={t('open_submit')} pending={open.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
