import { Alert, Badge, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntradaEspera, EstadoEntradaEspera } from '../../../../../contracts/waitlist.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatIso } from '../../../lib/calendar.ts';
import { confirmAction } from '../../../lib/confirm.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useWaitlist } from '../api/get-waitlist.ts';
import { useLeaveWaitlist } from '../api/leave-waitlist.ts';

// Filled shades whose white text keeps 4.5:1.
const ESTADO_COLORS: Record<EstadoEntradaEspera, string> = {
  activa: 'blue.9',
  atendida: 'teal.9',
  caducada: 'gray.7',
  retirada: 'gray.7',
  agotada: 'gray.7',
};

/** 'Lista de espera' in /mis-visitas: what the patient waits for, and a way to leave. */
export function WaitlistSection() {
  const { t, i18n } = useTranslation('waitlist');
  const headingId = useId();
  const entries = useWaitlist(i18n.language);
  const leave = useLeaveWaitlist();
  const shortDate = (fecha: string) => formatIso(fecha, { day: 'numeric', month: 'short', year: 'numeric' }, i18n.language);
  const who = (entry: EntradaEspera) => entry.doctor ?? t('any_doctor', { specialty: entry.especialidad });
  const times = (entry: EntradaEspera) =>
    entry.franja === 'rango'
      ? t('time_range', { from: entry.hora_desde, to: entry.hora_hasta })
      : t(`franja_${entry.franja}`);

  const onLeave = async (entry: EntradaEspera) => {
    const confirmed = await confirmAction(t('leave_confirm', { who: who(entry) }), {
      confirmLabel: t('leave_confirm_button'),
      cancelLabel: t('common:back'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await leave.mutateAsync(entry.id_entrada);
      notifySuccess(t('left'));
    } catch (error) {
      notifyError(error instanceof ApiError && error.status < 500 ? error.message : t('leave_failed'));
    }
  };

  const items = entries.data ?? [];
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} id={headingId} size="h3">
        {t('section_title')}
      </Title>
      {entries.isError ? (
        <Alert color="red" role="alert">
          {t('load_failed')}
        </Alert>
      ) : entries.isPending ? (
        <Loader aria-label={t('common:loading')} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('section_empty')}</Text>
      ) : (
        <DataTable
          rows={items}
          rowKey={(entry) => entry.id_entrada}
          minWidth={720}
          table={{ striped: true, verticalSpacing: 'sm' }}
          columns={[
            { label: t('who'), cell: (entry) => who(entry) },
            { label: t('dates'), cell: (entry) => t('date_range', { from: shortDate(entry.desde), to: shortDate(entry.hasta) }) },
            { label: t('times'), cell: (entry) => times(entry) },
            {
              label: t('status'),
              cell: (entry) => (
                <Badge color={ESTADO_COLORS[entry.estado]} variant="filled" tt="none" w="max-content">
                  {t(`estado_${entry.estado}`)}
                </Badge>
              ),
            },
            {
              label: t('actions'),
              cell: (entry) =>
                entry.estado === 'activa' && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={t('leave_label', { who: who(entry) })}
                    loading={leave.isPending && leave.variables === entry.id_entrada}
                    onClick={() => void onLeave(entry)}
                  >
                    {t('leave')}
                  </Button>
                ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
