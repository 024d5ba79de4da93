import { Badge, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Festivo } from '../../../../../contracts/weekly-hours.ts';
import { DateField } from '../../../components/date-fields.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatIso } from '../../../lib/calendar.ts';
import { clinicParts } from '../../../lib/clinic-clock.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAddClinicHoliday } from '../api/add-clinic-holiday.ts';
import { useHolidays } from '../api/get-holidays.ts';
import { useRemoveClinicHoliday } from '../api/remove-clinic-holiday.ts';
import { SettingsSection } from './settings-section.tsx';

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };

/**
 * 'Festivos': the region's public holidays (each may be opened, when the clinic works that day)
 * and the clinic's local ones (added and removed here).
 */
export function HolidaysSection() {
  const { t } = useTranslation('clinic-calendar');
  const today = clinicParts(new Date()).date;
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const holidays = useHolidays(year);
  const add = useAddClinicHoliday();
  const remove = useRemoveClinicHoliday();
  const [local, setLocal] = useState({ fecha: '', nombre: '' });

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notifySuccess(done);
      return true;
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('save_failed'));
      return false;
    }
  };

  const addLocal = async () => {
    if (!local.fecha || !local.nombre.trim()) {
      notifyError(t('holiday_missing'));
      return;
    }
    if (await run(() => add.mutateAsync({ tipo: 'local', fecha: local.fecha, nombre: local.nombre.trim() }), t('holiday_added'))) setLocal({ fecha: '', nombre: '' });
  };

  const action = (festivo: Festivo) => {
    const day = formatIso(festivo.fecha, DAY);
    const style = { flexShrink: 0 };
    if (festivo.fecha < today) return null;
    if (festivo.origen === 'local') {
      return (
        <Button size="compact-sm" style={style} variant="default" aria-label={t('holiday_remove_named', { day, name: festivo.nombre })} onClick={() => void run(() => remove.mutateAsync(festivo.fecha), t('holiday_removed'))}>
          {t('holiday_remove')}
        </Button>
      );
    }
    if (festivo.abierto) {
      return (
        <Button size="compact-sm" style={style} variant="default" aria-label={t('holiday_close_named', { day, name: festivo.nombre })} onClick={() => void run(() => remove.mutateAsync(festivo.fecha), t('holiday_closed'))}>
          {t('holiday_close')}
        </Button>
      );
    }
    return (
      <Button size="compact-sm" style={style} variant="default" aria-label={t('holiday_open_named', { day, name: festivo.nombre })} onClick={() => void run(() => add.mutateAsync({ tipo: 'abierto', fecha: festivo.fecha }), t('holiday_opened'))}>
        {t('holiday_open')}
      </Button>
    );
  };

  return (
    <SettingsSection id="clinic-holidays" title={t('holidays_title')} hint={t('holidays_hint')}>
      <Group mt="md" align="flex-end" gap="sm" wrap="wrap">
        <DateField label={t('holiday_date')} value={local.fecha} onChange={(value) => setLocal((v) => ({ ...v, fecha: value }))} w={170} required />
        <TextInput
          label={t('holiday_name')}
          value={local.nombre}
          onChange={(event) => setLocal((v) => ({ ...v, nombre: event.currentTarget.value }))}
          maxLength={100}
          required
          style={{ flex: '1 1 200px' }}
        />
        <Button onClick={() => void addLocal()} loading={add.isPending}>
          {t('holiday_add')}
        </Button>
      </Group>
      <SegmentedControl
        mt="md"
        aria-label={t('holidays_year')}
        value={String(year)}
        onChange={(value) => setYear(Number(value))}
        data={[String(thisYear), String(thisYear + 1)]}
      />
      {holidays.data && (
        <Stack gap="xs" mt="sm" component="ul" aria-label={t('holidays_list', { year })} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {holidays.data.map((festivo) => (
            <Group key={`${festivo.fecha}-${festivo.origen}`} component="li" justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {formatIso(festivo.fecha, DAY)}
                  </Text>
                  <Badge size="sm" variant="light" color={festivo.origen === 'local' ? 'grape' : festivo.abierto ? 'teal' : 'gray'}>
                    {festivo.origen === 'local' ? t('badge_local') : festivo.abierto ? t('badge_open') : t('badge_public')}
                  </Badge>
                </Group>
                <Text size="sm" td={festivo.abierto ? 'line-through' : undefined}>
                  {festivo.nombre}
                </Text>
              </Stack>
              {action(festivo)}
            </Group>
          ))}
        </Stack>
      )}
    </SettingsSection>
  );
}
