import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cierre } from '../../../../../contracts/relocate.ts';
import { DateField } from '../../../components/date-fields.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatIso } from '../../../lib/calendar.ts';
import { confirmAction } from '../../../lib/confirm.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAddClosure } from '../api/add-closure.ts';
import { useClosures } from '../api/get-closures.ts';
import { useRemoveClosure } from '../api/remove-closure.ts';
import { SettingsSection } from './settings-section.tsx';

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' };

/** 'Cierres de la clínica': days the whole clinic closes; visits already booked on them go to the desk to relocate. */
export function ClosuresSection() {
  const { t } = useTranslation('clinic-calendar');
  const closures = useClosures();
  const add = useAddClosure();
  const remove = useRemoveClosure();
  const empty = { fecha_inicio: '', fecha_fin: '', motivo: '' };
  const [values, setValues] = useState(empty);

  const when = (cierre: Cierre) =>
    cierre.fecha_inicio === cierre.fecha_fin
      ? formatIso(cierre.fecha_inicio, DAY)
      : t('range', { from: formatIso(cierre.fecha_inicio, DAY), to: formatIso(cierre.fecha_fin, DAY) });

  const submit = async () => {
    const fecha_fin = values.fecha_fin || values.fecha_inicio;
    if (!values.fecha_inicio || !values.motivo.trim()) {
      notifyError(t('closure_missing'));
      return;
    }
    try {
      const created = await add.mutateAsync({ fecha_inicio: values.fecha_inicio, fecha_fin, motivo: values.motivo.trim() });
      notifySuccess(created.por_reubicar > 0 ? t('closure_added_visits', { count: created.por_reubicar }) : t('closure_added'));
      setValues(empty);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('save_failed'));
    }
  };

  const removeOne = async (cierre: Cierre) => {
    if (!(await confirmAction(t('closure_remove_confirm', { when: when(cierre) }), { confirmLabel: t('closure_remove') }))) return;
    try {
      await remove.mutateAsync(cierre.id_cierre);
      notifySuccess(t('closure_removed'));
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('save_failed'));
    }
  };

  return (
    <SettingsSection id="clinic-closures" title={t('closures_title')} hint={t('closures_hint')}>
      <Group mt="md" align="flex-end" gap="sm" wrap="wrap">
        <DateField label={t('closure_from')} value={values.fecha_inicio} onChange={(value) => setValues((v) => ({ ...v, fecha_inicio: value }))} w={170} required />
        <DateField label={t('closure_to')} value={values.fecha_fin} onChange={(value) => setValues((v) => ({ ...v, fecha_fin: value }))} w={170} />
        <TextInput
          label={t('closure_reason')}
          value={values.motivo}
          onChange={(event) => setValues((v) => ({ ...v, motivo: event.currentTarget.value }))}
          maxLength={200}
          required
          style={{ flex: '1 1 200px' }}
        />
        <Button onClick={() => void submit()} loading={add.isPending}>
          {t('closure_add')}
        </Button>
      </Group>
      {closures.data && closures.data.length === 0 && (
        <Text size="sm" mt="md">
          {t('closures_none')}
        </Text>
      )}
      {closures.data && closures.data.length > 0 && (
        <Stack gap={4} mt="md" component="ul" aria-label={t('closures_list')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {closures.data.map((cierre) => (
            <Group key={cierre.id_cierre} component="li" justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" style={{ minWidth: 0 }}>
                <strong>{when(cierre)}</strong> · {cierre.motivo}
              </Text>
              <Button
                size="compact-sm"
                style={{ flexShrink: 0 }}
                variant="default"
                leftSection={<IconTrash size={14} aria-hidden />}
                aria-label={t('closure_remove_named', { when: when(cierre) })}
                onClick={() => void removeOne(cierre)}
              >
                {t('closure_remove')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </SettingsSection>
  );
}
