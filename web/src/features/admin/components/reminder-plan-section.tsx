import { ActionIcon, Alert, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_HORAS_ANTES, MAX_PASOS_RECORDATORIO, type PasoRecordatorio } from '../../../../../contracts/notices.ts';
import { ApiError } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useReminderPlan, useSaveReminderPlan } from '../api/reminder-plan.ts';
import { SettingsSection } from './settings-section.tsx';

type Unit = 'hours' | 'days';
interface Row {
  canal: PasoRecordatorio['canal'];
  amount: number | string;
  unit: Unit;
}

const toRow = (paso: PasoRecordatorio): Row =>
  paso.horas_antes % 24 === 0 ? { canal: paso.canal, amount: paso.horas_antes / 24, unit: 'days' } : { canal: paso.canal, amount: paso.horas_antes, unit: 'hours' };
const hoursOf = (row: Row) => Math.round(Number(row.amount) * (row.unit === 'days' ? 24 : 1));

/** The clinic's reminder plan: up to three reminders, each a channel and how long before the visit. */
export function ReminderPlanSection() {
  const { t } = useTranslation('notices');
  const plan = useReminderPlan();
  const save = useSaveReminderPlan();
  // The admin's edits; until the first one, the plan as saved.
  const [rows, setRows] = useState<Row[] | undefined>(undefined);
  const current = rows ?? plan.data?.pasos.map(toRow) ?? [];
  const loaded = plan.data !== undefined;
  const update = (index: number, change: Partial<Row>) => setRows(current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const invalid = current.some((row) => !Number.isFinite(hoursOf(row)) || hoursOf(row) < 1 || hoursOf(row) > MAX_HORAS_ANTES);

  const onSave = async () => {
    try {
      const saved = await save.mutateAsync({ pasos: current.map((row) => ({ canal: row.canal, horas_antes: hoursOf(row) })) });
      setRows(saved.pasos.map(toRow));
      notifySuccess(t('plan_saved'));
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('common:load_error'));
    }
  };

  return (
    <SettingsSection id="reminder-plan-title" title={t('plan_title')} hint={t('plan_hint')}>
      {plan.isError && (
        <Alert color="red" role="alert" mt="md">
          {t('common:load_error')}
        </Alert>
      )}
      <Stack mt="md" gap="sm">
        {loaded && current.length === 0 && <Text c="dimmed">{t('plan_empty')}</Text>}
        {current.map((row, index) => (
          <Group key={index} align="flex-end" gap="sm" wrap="wrap" role="group" aria-label={t('plan_step', { number: index + 1 })}>
            <Select
              label={t('plan_channel')}
              w={180}
              allowDeselect={false}
              data={[
                { value: 'email', label: t('channel_email') },
                { value: 'sms', label: t('channel_sms') },
              ]}
              value={row.canal}
              onChange={(value) => update(index, { canal: value === 'sms' ? 'sms' : 'email' })}
            />
            <NumberInput
              label={t('plan_amount')}
              w={110}
              min={1}
              max={row.unit === 'days' ? MAX_HORAS_ANTES / 24 : MAX_HORAS_ANTES}
              allowDecimal={false}
              value={row.amount}
              onChange={(value) => update(index, { amount: value })}
            />
            <Select
              label={t('plan_unit')}
              w={150}
              allowDeselect={false}
              data={[
                { value: 'hours', label: t('unit_hours') },
                { value: 'days', label: t('unit_days') },
              ]}
              value={row.unit}
              onChange={(value) => update(index, { unit: value === 'days' ? 'days' : 'hours' })}
            />
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('plan_remove', { number: index + 1 })} onClick={() => setRows(current.filter((_, i) => i !== index))}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={!loaded || current.length >= MAX_PASOS_RECORDATORIO}
            onClick={() => setRows([...current, { canal: 'email', amount: 1, unit: 'days' }])}
          >
            {t('plan_add')}
          </Button>
          <Button onClick={() => void onSave()} loading={save.isPending} disabled={!loaded || invalid}>
            {t('plan_save')}
          </Button>
        </Group>
      </Stack>
    </SettingsSection>
  );
}
