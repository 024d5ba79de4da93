import { Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Consulta, EstadoConsulta } from '../../../../contracts/consultations.ts';
import type { HistorialItem } from '../../../../contracts/history.ts';
import { formatIso } from '../../lib/calendar.ts';
import { consultationTypeLabel } from '../../lib/format.ts';
import { DataTable, type DataColumn } from '../data-table.tsx';

const ESTADO_COLOR: Record<EstadoConsulta, string> = { pendiente: '#9a3412', confirmada: 'blue.8', finalizada: 'teal.9' };

/** A doctor's consultation (the assigned list, a patient's record) or an item of the history (/historial, /medical-record). */
type ConsultationRow = Consulta | HistorialItem;

export type ConsultationColumn = 'paciente' | 'fecha' | 'hora' | 'tipo' | 'motivo' | 'doctor' | 'estado' | 'diagnostico' | 'descripcion';

/** The namespace of the screen showing the table: its headers and estados come from it. */
type TableNamespace = 'records' | 'consultations' | 'clinical';

/** The header key of each column in each namespace; a namespace has the ones its screens show. */
const SCREEN_LABEL_KEYS: Record<ConsultationColumn, string> = {
  paciente: 'col_patient',
  fecha: 'col_date',
  hora: 'col_time',
  tipo: 'col_type',
  motivo: 'col_reason',
  doctor: 'col_doctor',
  estado: 'col_estado',
  diagnostico: 'col_diagnosis',
  descripcion: 'col_description',
};
const CLINICAL_LABEL_KEYS: Record<ConsultationColumn, string> = {
  paciente: 'patient',
  fecha: 'date',
  hora: 'time',
  tipo: 'type',
  motivo: 'reason',
  doctor: 'doctor',
  estado: 'estado',
  diagnostico: 'diagnosis',
  descripcion: 'description',
};

const patientOf = (row: ConsultationRow) => ('paciente_nombre' in row ? row.paciente_nombre : row.paciente);
const typeOf = (row: ConsultationRow) => ('tipo' in row ? row.tipo : row.consulta);

interface ConsultationsTableProps<T extends ConsultationRow> {
  rows: T[];
  columns: ConsultationColumn[];
  ns: TableNamespace;
  minWidth: number;
  /** A last column, Acciones, with what the row offers. */
  action?: (row: T) => ReactNode;
  /** The id of the heading that names the table. */
  labelledBy?: string;
  highlightOnHover?: boolean;
  /** Shown instead of the table when there are no rows. */
  empty?: string;
  /** Shown as the table's only row when there are no rows. */
  emptyRow?: ReactNode;
  /** The rows are being replaced (another filter or page is loading): told to assistive technology. */
  busy?: boolean;
}

/** Consultations as a table with the columns a screen picks (a card per consultation on a phone). */
export function ConsultationsTable<T extends ConsultationRow>({
  rows,
  columns,
  ns,
  minWidth,
  action,
  labelledBy,
  highlightOnHover,
  empty,
  emptyRow,
  busy,
}: ConsultationsTableProps<T>) {
  const { t } = useTranslation(ns);
  if (empty !== undefined && rows.length === 0) return <Text c="dimmed">{empty}</Text>;
  const labelKeys = ns === 'clinical' ? CLINICAL_LABEL_KEYS : SCREEN_LABEL_KEYS;
  const cells: Record<ConsultationColumn, Omit<DataColumn<T>, 'label'>> = {
    paciente: { cell: patientOf },
    fecha: { cell: (row) => formatIso(row.fecha, { dateStyle: 'medium' }), cellStyle: { whiteSpace: 'nowrap' } },
    hora: { cell: (row) => row.hora.slice(0, 5) },
    tipo: { cell: (row) => consultationTypeLabel(typeOf(row)) },
    motivo: { cell: (row) => row.motivo },
    doctor: { cell: (row) => row.doctor },
    estado: {
      cell: (row) => (
        <Badge color={ESTADO_COLOR[row.estado]} style={{ overflow: 'visible' }}>
          {t(`estado_${row.estado}`)}
        </Badge>
      ),
      cellStyle: { whiteSpace: 'nowrap' },
    },
    diagnostico: {
      cell: (row) =>
        'diagnostico' in row && (
          <>
            {row.diagnostico ?? t('empty_value')}
            {row.recomendaciones && (
              <Text size="sm" c="dimmed">
                {row.recomendaciones}
              </Text>
            )}
          </>
        ),
    },
    descripcion: { cell: (row) => row.descripcion || '-' },
  };
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.id_consulta}
      minWidth={minWidth}
      table={{ striped: true, highlightOnHover, 'aria-labelledby': labelledBy, 'aria-busy': busy }}
      emptyRow={emptyRow}
      columns={[
        ...columns.map((column) => ({ key: column, label: t(labelKeys[column]), ...cells[column] })),
        ...(action ? [{ key: 'acciones', label: t('col_actions'), cell: action }] : []),
      ]}
    />
  );
}
