import { ActionIcon, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Franja, HorarioRespuesta, HorarioSemanal } from '../../../contracts/weekly-hours.ts';
import { api, ApiError } from '../lib/api.ts';
import { addDaysIso, todayIso } from '../lib/calendar.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { DateField, TimeField } from './date-fields.tsx';

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A doctor's weekly hours: the caller's own, or (an admin) the doctor named. */
const useWeeklyHours = (id_doctor?: number) =>
  useQuery({
    queryKey: ['agenda', 'weekly-hours', id_doctor ?? 'own'],
    queryFn: () => api<HorarioRespuesta>('GET', '/agenda/horario', { query: id_doctor === undefined ? {} : { id_doctor } }),
  });

/** Saving the week changes many days: every agenda query loads again. */
function useSetWeeklyHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HorarioSemanal) => api<HorarioRespuesta>('PUT', '/agenda/horario', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agenda'] }),
  });
}

interface WeeklyHoursEditorProps {
  /** An admin editing a doctor's hours names the doctor; a doctor edits their own. */
  idDoctor?: number;
}

/**
 * 'Horario semanal': one or more ranges per weekday, each with its slot length; saving opens the
 * weeks ahead. Shared by the doctor's agenda and the admin's user management (texts: agenda namespace).
 */
export function WeeklyHoursEditor({ idDoctor }: WeeklyHoursEditorProps) {
  const hours = useWeeklyHours(idDoctor);
  // The form starts from the saved week; it mounts again when another doctor's week loads.
  return hours.data ? <WeekForm key={hours.data.id_doctor} idDoctor={idDoctor} saved={hours.data.franjas} weeks={hours.data.semanas_abiertas} /> : null;
}

function WeekForm({ idDoctor, saved, weeks }: WeeklyHoursEditorProps & { saved: Franja[]; weeks: number }) {
  const { t } = useTranslation('agenda');
  const save = useSetWeeklyHours();
  const [franjas, setFranjas] = useState<Franja[]>(saved);
  const [from, setFrom] = useState('');

  const update = (index: number, change: Partial<Franja>) =>
    setFranjas((current) => current.map((franja, i) => (i === index ? { ...franja, ...change } : franja)));
  const add = (dia_semana: number) => {
    const last = franjas.filter((franja) => franja.dia_semana === dia_semana).at(-1);
    const next = last ? { hora_inicio: '16:00', hora_fin: '19:00' } : { hora_inicio: '09:00', hora_fin: '14:00' };
    setFranjas((current) => [...current, { dia_semana, ...next, duracion_min: last?.duracion_min ?? 15 }]);
  };

  const submit = async () => {
    try {
      await save.mutateAsync({ ...(idDoctor ? { id_doctor: idDoctor } : {}), ...(from ? { vigente_desde: from } : {}), franjas });
      notifySuccess(t('hours_saved', { count: weeks }));
    } catch (error) {
      notifyError(error instanceof ApiError && error.status === 400 ? `${t('hours_save_failed')} ${error.message}` : t('hours_save_failed'));
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="horario-semanal">
      <Stack gap="sm">
        <Title order={2} size="h3" id="horario-semanal">
          {t('hours_title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('hours_hint', { count: weeks })}
        </Text>
        {DAYS.map((day) => {
          const dayName = t(`weekday_${day}`);
          const ofDay = franjas.map((franja, index) => ({ franja, index })).filter(({ franja }) => franja.dia_semana === day);
          return (
            <Stack key={day} gap={6} role="group" aria-label={dayName}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{dayName}</Text>
                <Button size="compact-sm" variant="subtle" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => add(day)} aria-label={t('hours_add_named', { day: dayName })}>
                  {t('hours_add')}
                </Button>
              </Group>
              {ofDay.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('hours_closed')}
                </Text>
              )}
              {ofDay.map(({ franja, index }, position) => (
                <Group key={index} gap={6} align="flex-end" wrap="wrap" role="group" aria-label={t('hours_range_named', { day: dayName, n: position + 1 })}>
                  <TimeField label={t('hours_from')} value={franja.hora_inicio} onChange={(value) => update(index, { hora_inicio: value })} w={92} />
                  <TimeField label={t('hours_to')} value={franja.hora_fin} onChange={(value) => update(index, { hora_fin: value })} w={92} />
                  <NumberInput
                    label={t('hours_every')}
                    value={franja.duracion_min}
                    onChange={(value) => update(index, { duracion_min: Number(value) || 0 })}
                    min={5}
                    step={5}
                    w={80}
                  />
                  <ActionIcon variant="subtle" color="red.9" size="lg" aria-label={t('hours_remove_named', { day: dayName, n: position + 1 })} onClick={() => setFranjas((current) => current.filter((_, i) => i !== index))}>
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          );
        })}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateField
            label={t('hours_from_date')}
            description={t('hours_from_date_hint')}
            value={from}
            onChange={setFrom}
            minDate={todayIso()}
            maxDate={addDaysIso(todayIso(), weeks * 7)}
            w={220}
          />
          <Button onClick={() => void submit()} loading={save.isPending}>
            {t('hours_save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
