import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ausencia, CitaAfectada } from '../../../../../contracts/weekly-hours.ts';
import { DateField, TimeField } from '../../../components/date-fields.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatIso } from '../../../lib/calendar.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAbsences, useAddAbsence, useCancelAbsenceVisits, useRemoveAbsence } from '../api/absences.ts';

const SHORT_DATE: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' };

/** 'Ausencias': the doctor's days or ranges off still to come; adding one lists the visits booked inside it. */
export function AbsencesPanel({ initialDate }: { initialDate: string }) {
  const { t } = useTranslation('agenda');
  const absences = useAbsences();
  const add = useAddAbsence();
  const remove = useRemoveAbsence();
  const cancel = useCancelAbsenceVisits();
  const empty = { fecha_inicio: initialDate, fecha_fin: initialDate, hora_inicio: '', hora_fin: '', motivo: '' };
  const [values, setValues] = useState(empty);
  const [affected, setAffected] = useState<{ id: number; citas: CitaAfectada[] } | null>(null);

  const when = (absence: Ausencia) => {
    const start = `${formatIso(absence.fecha_inicio, SHORT_DATE)}${absence.hora_inicio ? ` ${absence.hora_inicio}` : ''}`;
    const end = `${formatIso(absence.fecha_fin, SHORT_DATE)}${absence.hora_fin ? ` ${absence.hora_fin}` : ''}`;
    return start === end ? start : `${start} – ${end}`;
  };

  const submit = async () => {
    if (!values.fecha_inicio || !values.fecha_fin || !values.motivo.trim()) {
      notifyError(t('absence_missing'));
      return;
    }
    try {
      const result = await add.mutateAsync({
        fecha_inicio: values.fecha_inicio,
        fecha_fin: values.fecha_fin,
        ...(values.hora_inicio ? { hora_inicio: values.hora_inicio } : {}),
        ...(values.hora_fin ? { hora_fin: values.hora_fin } : {}),
        motivo: values.motivo.trim(),
      });
      notifySuccess(t('absence_added', { count: result.huecos_cerrados }));
      setAffected(result.citas.length > 0 ? { id: result.ausencia.id_ausencia, citas: result.citas } : null);
      setValues(empty);
    } catch (error) {
      notifyError(error instanceof ApiError && error.status === 400 ? `${t('absence_failed')} ${error.message}` : t('absence_failed'));
    }
  };

  const dropVisit = (id_cita: number) =>
    setAffected((current) => {
      if (!current) return null;
      const citas = current.citas.filter((cita) => cita.id_cita !== id_cita);
      return citas.length > 0 ? { ...current, citas } : null;
    });

  const cancelVisit = async (cita: CitaAfectada) => {
    if (!affected) return;
    try {
      await cancel.mutateAsync({ id: affected.id, citas: [cita.id_cita] });
      notifySuccess(t('absence_visit_cancelled'));
      dropVisit(cita.id_cita);
    } catch {
      notifyError(t('absence_visit_cancel_failed'));
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ausencias">
      <Stack gap="sm">
        <Title order={2} size="h3" id="ausencias">
          {t('absences_title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('absences_hint')}
        </Text>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <DateField label={t('absence_from')} value={values.fecha_inicio} onChange={(value) => setValues((v) => ({ ...v, fecha_inicio: value }))} w={160} />
          <TimeField label={t('absence_from_time')} value={values.hora_inicio} onChange={(value) => setValues((v) => ({ ...v, hora_inicio: value }))} w={130} />
          <DateField label={t('absence_to')} value={values.fecha_fin} onChange={(value) => setValues((v) => ({ ...v, fecha_fin: value }))} w={160} />
          <TimeField label={t('absence_to_time')} value={values.hora_fin} onChange={(value) => setValues((v) => ({ ...v, hora_fin: value }))} w={130} />
        </Group>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput label={t('absence_reason')} value={values.motivo} onChange={(event) => setValues((v) => ({ ...v, motivo: event.currentTarget.value }))} maxLength={200} style={{ flex: '1 1 200px' }} />
          <Button onClick={() => void submit()} loading={add.isPending}>
            {t('absence_add')}
          </Button>
        </Group>

        {affected && (
          <Paper withBorder p="sm" radius="md" role="region" aria-labelledby="citas-afectadas">
            <Stack gap="xs">
              <Title order={3} size="h4" id="citas-afectadas">
                {t('absence_visits_title', { count: affected.citas.length })}
              </Title>
              <Text size="sm">{t('absence_visits_hint')}</Text>
              {affected.citas.map((cita) => {
                const label = `${formatIso(cita.fecha, SHORT_DATE)} ${cita.hora} · ${cita.paciente}`;
                return (
                  <Group key={cita.id_cita} justify="space-between" gap="xs" wrap="wrap">
                    <Text size="sm">{label}</Text>
                    <Group gap="xs">
                      <Button size="compact-sm" color="red.9" onClick={() => void cancelVisit(cita)} aria-label={t('absence_cancel_named', { visit: label })}>
                        {t('absence_cancel')}
                      </Button>
                      <Button size="compact-sm" variant="default" onClick={() => dropVisit(cita.id_cita)} aria-label={t('absence_keep_named', { visit: label })}>
                        {t('absence_keep')}
                      </Button>
                    </Group>
                  </Group>
                );
              })}
            </Stack>
          </Paper>
        )}

        {absences.data && absences.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('absences_none')}
          </Text>
        )}
        {absences.data && absences.data.length > 0 && (
          <Stack gap={4} component="ul" aria-label={t('absences_list')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {absences.data.map((absence) => (
              <Group key={absence.id_ausencia} component="li" justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm">
                  <strong>{when(absence)}</strong> · {absence.motivo}
                </Text>
                <Button
                  size="compact-sm"
                  variant="default"
                  style={{ flexShrink: 0 }}
                  leftSection={<IconTrash size={14} aria-hidden />}
                  aria-label={t('absence_remove_named', { when: when(absence) })}
                  onClick={() =>
                    void remove.mutateAsync(absence.id_ausencia).then(
                      () => notifySuccess(t('absence_removed')),
                      () => notifyError(t('absence_remove_failed')),
                    )
                  }
                >
                  {t('absence_remove')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
