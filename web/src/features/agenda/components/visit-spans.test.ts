import { describe, expect, it } from 'vitest';
import type { Bloque } from '../../../../../contracts/agenda.ts';
import { foldVisitSpans } from './visit-spans.ts';

const slot = (id_agenda: number, hora_inicio: string, hora_fin: string, extra: Partial<Bloque> = {}): Bloque => ({
  id_agenda,
  fecha: '2026-03-03',
  hora_inicio,
  hora_fin,
  tipo: 'Consulta',
  estado: 'Disponible',
  descripcion: null,
  duracion_min: 15,
  cita: null,
  parte_de_cita: null,
  ...extra,
});
const visit = { id_cita: 7, id_paciente: 1, paciente: 'Ana', motivo: 'Control', estado: 'Confirmada' as const, tipo: 'Consulta' as const, asistencia: null, confirmada_paciente: false };

describe('the day view’s rows', () => {
  it('shows a longer visit as one row over its whole length, and the free slot after it as its own row', () => {
    const rows = foldVisitSpans([
      slot(1, '10:00', '10:15', { estado: 'Reservado', cita: visit }),
      slot(2, '10:15', '10:30', { estado: 'Reservado', parte_de_cita: 7 }),
      slot(3, '10:30', '10:45', { estado: 'Reservado', parte_de_cita: 7 }),
      slot(4, '10:45', '11:00'),
    ]);
    expect(rows.map((row) => `${row.hora_inicio}-${row.hora_fin}`)).toEqual(['10:00-10:45', '10:45-11:00']);
    expect(rows[0]?.cita?.id_cita).toBe(7);
  });

  it('keeps a later slot whose visit starts on no slot of the day as a row', () => {
    expect(foldVisitSpans([slot(2, '10:15', '10:30', { estado: 'Reservado', parte_de_cita: 9 })])).toHaveLength(1);
  });
});
