import { ActionIcon, Badge, Group, Loader, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Bloque } from '../../../../../contracts/agenda.ts';
import { formatIso } from '../../../lib/calendar.ts';
import { confirmAction } from '../../../lib/confirm.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteBlock } from '../api/delete-block.ts';
import { useDay } from '../api/get-day.ts';
import { ESTADO_COLOR } from './labels.ts';

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
          kind: t(`visita_${block.cita.tipo}`),
          reason: block.cita.motivo,
          status: t(`cita_${block.cita.estado}`),
        })
      : (block.descripcion ?? '');

  return (
    // Focusable, so a keyboard can scroll it sideways on a phone (axe: scrollable-region-focusable).
    <Table.ScrollContainer type="native" minWidth={560} tabIndex={0} aria-label={t('day_caption', { date: formatIso(fecha, { day: 'numeric', month: 'long', year: 'numeric' }) })}>
      <Table highlightOnHover striped>
        <Table.Caption>{t('day_caption', { date: formatIso(fecha, { day: 'numeric', month: 'long', year: 'numeric' }) })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('col_time')}</Table.Th>
            <Table.Th scope="col">{t('col_type')}</Table.Th>
            <Table.Th scope="col">{t('col_status')}</Table.Th>
            <Table.Th scope="col">{t('col_notes')}</Table.Th>
            <Table.Th scope="col">{t('col_actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {day.data.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>{t('no_slots')}</Table.Td>
            </Table.Tr>
          )}
          {day.data.map((block) => {
            const time = block.hora_inicio.slice(0, 5);
            const editable = block.estado === 'Bloqueado';
            return (
              <Table.Tr
                key={block.id_agenda}
                onClick={editable ? () => onEdit(block) : undefined}
                style={editable ? { cursor: 'pointer' } : undefined}
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {time} – {block.hora_fin.slice(0, 5)}
                </Table.Td>
                <Table.Td>{t(`tipo_${block.tipo}`)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge color={ESTADO_COLOR[block.estado]} variant="filled" style={{ overflow: 'visible' }}>
                    {t(`estado_${block.estado}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{notes(block)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
                    {editable && (
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
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
