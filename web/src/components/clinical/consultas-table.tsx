import { Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Consulta, EstadoConsulta } from '../../../../contracts/consultations.ts';
import { formatIso } from '../../lib/calendar.ts';
import { DataTable, type DataColumn } from '../data-table.tsx';

const ESTADO_COLOR: Record<EstadoConsulta, string> = { pendiente: '#9a3412', confirmada: 'blue.8', finalizada: 'teal.9' };

export type ConsultaColumn = 'paciente' | 'fecha' | 'hora' | 'tipo' | 'motivo' | 'doctor' | 'estado' | 'diagnostico';

/** The header key of each column; the caller's namespace must have the ones it shows. */
const LABEL_KEYS: Record<ConsultaColumn, string> = {
  paciente: 'col_patient',
  fecha: 'col_date',
  hora: 'col_time',
  tipo: 'col_type',
  motivo: 'col_reason',
  doctor: 'col_doctor',
  estado: 'col_estado',
  diagnostico: 'col_diagnosis',
};

interface ConsultasTableProps {
  consultas: Consulta[];
  columns: ConsultaColumn[];
  /** The translation namespace of the screen (records, consultations): headers and estados come from it. */
  ns: 'records' | 'consultations';
  /** The last column, Acciones. */
  action: (consulta: Consulta) => ReactNode;
  minWidth: number;
  emptyRow?: ReactNode;
}

/** A doctor's consultations (the assigned list, a patient's record), with the chosen columns. */
export function ConsultasTable({ consultas, columns, ns, action, minWidth, emptyRow }: ConsultasTableProps) {
  const { t } = useTranslation(ns);
  const cells: Record<ConsultaColumn, Omit<DataColumn<Consulta>, 'label'>> = {
    paciente: { cell: (c) => c.paciente_nombre },
    fecha: { cell: (c) => formatIso(c.fecha, { dateStyle: 'medium' }), cellStyle: { whiteSpace: 'nowrap' } },
    hora: { cell: (c) => c.hora.slice(0, 5) },
    tipo: { cell: (c) => t(`tipo_${c.tipo}`) },
    motivo: { cell: (c) => c.motivo },
    doctor: { cell: (c) => c.doctor },
    estado: {
      cell: (c) => (
        <Badge color={ESTADO_COLOR[c.estado]} style={{ overflow: 'visible' }}>
          {t(`estado_${c.estado}`)}
        </Badge>
      ),
      cellStyle: { whiteSpace: 'nowrap' },
    },
    diagnostico: {
      cell: (c) => (
        <>
          {c.diagnostico ?? t('empty_value')}
          {c.recomendaciones && (
            <Text size="sm" c="dimmed">
              {c.recomendaciones}
            </Text>
          )}
        </>
      ),
    },
  };
  return (
    <DataTable
      rows={consultas}
      rowKey={(c) => c.id_consulta}
      minWidth={minWidth}
      table={{ striped: true }}
      emptyRow={emptyRow}
      columns={[
        ...columns.map((column) => ({ key: column, label: t(LABEL_KEYS[column]), ...cells[column] })),
        { key: 'acciones', label: t('col_actions'), cell: action },
      ]}
    />
  );
}
