import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HistorialItem } from '../../../../contracts/history.ts';
import { consultationTypeLabel, formatDate } from '../../lib/format.ts';

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
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover aria-labelledby={labelledBy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('date')}</Table.Th>
            <Table.Th scope="col">{t('time')}</Table.Th>
            {showType && <Table.Th scope="col">{t('type')}</Table.Th>}
            <Table.Th scope="col">{counterpart === 'doctor' ? t('doctor') : t('patient')}</Table.Th>
            <Table.Th scope="col">{t('reason')}</Table.Th>
            <Table.Th scope="col">{t('description')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id_consulta}>
              <Table.Td>{formatDate(item.fecha)}</Table.Td>
              <Table.Td>{item.hora}</Table.Td>
              {showType && <Table.Td>{consultationTypeLabel(item.consulta)}</Table.Td>}
              <Table.Td>{counterpart === 'doctor' ? item.doctor : item.paciente}</Table.Td>
              <Table.Td>{item.motivo}</Table.Td>
              <Table.Td>{item.descripcion || '-'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
