import { ActionIcon, Badge, Group, Loader, Text } from '@mantine/core';
import { ConfirmedByPatient, VisitNotices } from '../../../components/visit-notices.tsx';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Bloque } from '../../../../../contracts/agenda.ts';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { formatIso } from '../../../lib/calendar.ts';
import { confirmAction } from '../../../lib/confirm.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteBlock } from '../api/delete-block.ts';
import { useDay } from '../api/get-day.ts';
import classes from './day-view.module.css';
import { ESTADO_COLOR, VISITA_COLOR } from './labels.ts';
import { VisitBlockType } from './visit-block-type.tsx';
import { foldVisitSpans } from './visit-spans.ts';

/** The daily table: time, type, status, notes and a delete button per row; blocked rows open 'Editar Bloque'. */
export function DayView({ idDoctor, fecha, onEdit }: { idDoctor: number; fecha: string; onEdit: (block: Bloque) => void }) {
  const { t } = useTranslation('agenda');
  const day = useDay(idDoctor, fecha);
  const remove = useDeleteBlock();

  const onDelete = async (block: Bloque) => {
    // The question names the block: '¿Estás seguro de que deseas eliminar el bloque del 24/11 de 09:00 a 09:15?'
    const [, month, day] = block.fecha.split('-');
    const what = { date: `${day}/${month}`, start: block.hora_inicio.slice(0, 5), end: block.hora_fin.slice(0, 5) };
    if (!(await confirmAction(t('confirm_delete', what), { danger: true, confirmLabel: t('common:delete') }))) return;
    try {
      await remove.mutateAsync(block.id_agenda);
      notifySuccess(t('deleted'));
    } catch {
      notifyError(t('delete_failed'));
    }
  };

  if (day.isPending) return <Loader size="sm" aria-label={t('common:loading')} />;
  if (day.isError) return <Text role="alert">{t('load_error')}</Text>;

  const notes = (block: Bloque) =>
    block.cita
      ? t('booked_by', {
          patient: block.cita.paciente,
          kind: block.cita.tipo_visita?.nombre ?? t(`visita_${block.cita.tipo}`),
          reason: block.cita.motivo,
          status: t(`cita_${block.cita.estado}`),
        })
      : (block.descripcion ?? '');

  const caption = t('day_caption', { date: formatIso(fecha, { day: 'numeric', month: 'long', year: 'numeric' }) });
  const columns: DataColumn<Bloque>[] = [
    {
      label: t('col_time'),
      cellStyle: { whiteSpace: 'nowrap' },
      cell: (block) => `${block.hora_inicio.slice(0, 5)} – ${block.hora_fin.slice(0, 5)}`,
    },
    { label: t('col_type'), cell: (block) => <VisitBlockType block={block} /> },
    {
      label: t('col_status'),
      // A booked slot also says where its visit stands: a request still to answer looks apart.
      cell: (block) => (
        <Group gap={4} wrap="wrap">
          <Badge color={ESTADO_COLOR[block.estado]} variant="filled" className={classes.badge}>
            {t(`estado_${block.estado}`)}
          </Badge>
          {block.cita && block.cita.estado !== 'Cancelada' && (
            <Badge color={VISITA_COLOR[block.cita.estado]} variant="filled" className={classes.badge}>
              {t(`visita_estado_${block.cita.estado}`)}
            </Badge>
          )}
          {block.cita?.asistencia === 'No presentado' && (
            <Badge color="red.9" variant="filled" className={classes.badge}>
              {t('visita_no_presentado')}
            </Badge>
          )}
          {block.cita?.confirmada_paciente && <ConfirmedByPatient />}
          {block.cita && <VisitNotices id_cita={block.cita.id_cita} />}
        </Group>
      ),
    },
    { label: t('col_notes'), cell: notes, ownLine: true },
    {
      label: t('col_actions'),
      cell: (block) => {
        const time = block.hora_inicio.slice(0, 5);
        return (
          <Group gap={4} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
            {block.estado === 'Bloqueado' && (
              <ActionIcon variant="default" aria-label={t('edit_named', { time })} onClick={() => onEdit(block)}>
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            )}
            <ActionIcon
              variant="default"
              aria-label={t('delete_named', { time })}
              disabled={block.estado === 'Reservado' || remove.isPending}
              onClick={() => void onDelete(block)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        );
      },
    },
  ];

  // A table on a laptop; on a phone each block is a card (DataTable), so nothing hides off-screen.
  return (
    <DataTable
      rows={foldVisitSpans(day.data)}
      columns={columns}
      rowKey={(block) => block.id_agenda}
      caption={caption}
      compact
      table={{ highlightOnHover: true, striped: true }}
      emptyRow={t('no_slots')}
      rowProps={(block) =>
        block.estado === 'Bloqueado' ? { onClick: () => onEdit(block), style: { cursor: 'pointer' } } : {}
      }
    />
  );
}
