import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HistorialItem } from '../../../../contracts/history.ts';
import { consultationTypeLabel, formatDate } from '../../lib/format.ts';
import { DataTable, type DataColumn } from '../data-table.tsx';

interface ConsultationsTableProps {
  items: HistorialItem[];
  /** The id of the heading that names the table. */
  labelledBy: string;
  /** Whom the rows are with: the doctor (a patient's list) or the patient (a doctor's list). */
  counterpart: 'doctor' | 'paciente';
  showType?: boolean;
  empty: string;
}

/** Consultations as a table: date, time, (type,) doctor or patient, reason, description. */
export function ConsultationsTable({ items, labelledBy, counterpart, showType = false, empty }: ConsultationsTableProps) {
  const { t } = useTranslation('clinical');
  if (!items.length) return <Text c="dimmed">{empty}</Text>;
  const columns: DataColumn<HistorialItem>[] = [
    { label: t('date'), cell: (item) => formatDate(item.fecha) },
    { label: t('time'), cell: (item) => item.hora },
    ...(showType ? [{ label: t('type'), cell: (item: HistorialItem) => consultationTypeLabel(item.consulta) }] : []),
    { label: counterpart === 'doctor' ? t('doctor') : t('patient'), cell: (item) => (counterpart === 'doctor' ? item.doctor : item.paciente) },
    { label: t('reason'), cell: (item) => item.motivo },
    { label: t('description'), cell: (item) => item.descripcion || '-' },
  ];
  // A table on a laptop, a card per consultation on a phone.
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(item) => item.id_consulta}
      minWidth={640}
      table={{ striped: true, highlightOnHover: true, 'aria-labelledby': labelledBy }}
    />
  );
}
