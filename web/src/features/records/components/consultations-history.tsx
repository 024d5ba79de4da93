import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Consulta } from '../../../../../contracts/consultations.ts';
import { ConsultationsTable } from '../../../components/clinical/consultations-table.tsx';
import { formatIso, hasBegun } from '../../../lib/calendar.ts';
import { ApiError } from '../../../lib/api.ts';
import { confirmAction } from '../../../lib/confirm.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useMarkNoShow } from '../api/mark-no-show.ts';
import { CompleteConsultationModal } from './complete-consultation-modal.tsx';

/** The patient's consultations with every doctor; the caller's unfinished ones that have begun can be completed. */
export function ConsultationsHistory({ consultas, idDoctor }: { consultas: Consulta[]; idDoctor: number | null }) {
  const { t } = useTranslation('records');
  const [completing, setCompleting] = useState<Consulta | null>(null);
  const markNoShow = useMarkNoShow();
  // The caller's own unfinished visits whose time has begun (the server refuses a completion before).
  const completable = (consulta: Consulta) =>
    consulta.id_doctor === idDoctor && consulta.estado !== 'finalizada' && hasBegun(consulta.fecha, consulta.hora);
  const onNoShow = async (consulta: Consulta) => {
    if (consulta.id_cita === null) return;
    const when = { patient: consulta.paciente_nombre, date: formatIso(consulta.fecha, { dateStyle: 'medium' }), time: consulta.hora };
    const confirmed = await confirmAction(t('no_show_confirm', when), { confirmLabel: t('no_show'), cancelLabel: t('common:back'), danger: true });
    if (!confirmed) return;
    try {
      await markNoShow.mutateAsync(consulta.id_cita);
      notifySuccess(t('no_show_saved'));
    } catch (error) {
      notifyError(error instanceof ApiError && error.status < 500 ? error.message : t('no_show_failed'));
    }
  };
  const actions = (consulta: Consulta) =>
    completable(consulta) && (
      <Group gap="xs">
        <Button
          size="xs"
          aria-label={t('complete_named', { date: formatIso(consulta.fecha, { dateStyle: 'medium' }), time: consulta.hora })}
          onClick={() => setCompleting(consulta)}
        >
          {t('complete')}
        </Button>
        {consulta.id_cita !== null && (
          <Button
            size="xs"
            variant="default"
            aria-label={t('no_show_named', { date: formatIso(consulta.fecha, { dateStyle: 'medium' }), time: consulta.hora })}
            loading={markNoShow.isPending && markNoShow.variables === consulta.id_cita}
            onClick={() => void onNoShow(consulta)}
          >
            {t('no_show')}
          </Button>
        )}
      </Group>
    );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="consultas">
      <Title order={2} size="h3" id="consultas" mb="sm">
        {t('consultations')}
      </Title>
      {consultas.length === 0 ? (
        <Text>{t('no_consultations')}</Text>
      ) : (
        <ConsultationsTable
          ns="records"
          rows={consultas}
          columns={['fecha', 'hora', 'tipo', 'motivo', 'doctor', 'estado', 'diagnostico']}
          minWidth={720}
          // No column of actions when no row has one (another doctor's patient, all finished).
          action={consultas.some(completable) ? actions : undefined}
        />
      )}
      {completing && <CompleteConsultationModal consulta={completing} onClose={() => setCompleting(null)} />}
    </Paper>
  );
}
