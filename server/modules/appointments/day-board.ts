import { RETRASO_TOLERANCIA_MIN, type EstadoDia, type VisitaDia } from '../../../contracts/clinic-day.ts';
import { fullName } from '../../../contracts/names.ts';
import { instantOf, localTime } from '../../lib/clock.ts';
import type { DayVisitRow } from './day-board.repository.ts';

/** A visit's state on the day, from what was recorded, the last step first. */
export function dayState(row: Pick<DayVisitRow, 'asistencia' | 'llegada_en' | 'en_consulta_en'>): EstadoDia {
  if (row.asistencia === 'Asistió') return 'atendido';
  if (row.asistencia === 'No presentado') return 'no_presentado';
  if (row.en_consulta_en) return 'en_consulta';
  if (row.llegada_en) return 'llego';
  return 'citado';
}

const minutesBetween = (from: string, to: Date) => Math.max(0, Math.floor((to.getTime() - new Date(from).getTime()) / 60_000));

/** One visit as the board shows it; waiting minutes count to `now` only on the clinic's today. */
export function boardVisit(row: DayVisitRow, context: { now: Date; isToday: boolean; timeZone: string }): VisitaDia {
  const estado = dayState(row);
  let espera_min: number | null = null;
  if (row.llegada_en && estado === 'llego' && context.isToday) espera_min = minutesBetween(row.llegada_en, context.now);
  if (row.llegada_en && row.en_consulta_en) espera_min = minutesBetween(row.llegada_en, new Date(row.en_consulta_en));
  return {
    id_cita: row.id_cita,
    id_paciente: row.id_paciente,
    hora: row.hora.slice(0, 5),
    paciente: fullName(row),
    telefono: row.telefono,
    motivo: row.motivo,
    estado,
    extra: row.extra === 1,
    confirmada_paciente: row.confirmada_paciente_en !== null,
    llegada_en: row.llegada_en,
    llegada: row.llegada_en ? localTime(new Date(row.llegada_en), context.timeZone) : null,
    espera_min,
  };
}

/**
 * How late a doctor runs: the minutes the first patient still waiting is past their booked time
 * (0 when nobody waits past it), and whether that is beyond the tolerance. Only today runs late.
 */
export function lateness(
  visits: readonly VisitaDia[],
  context: { fecha: string; now: Date; isToday: boolean; timeZone: string },
): { retraso_min: number; retrasado: boolean } {
  if (!context.isToday) return { retraso_min: 0, retrasado: false };
  const first = visits.filter((visit) => visit.estado === 'llego' && !visit.extra).sort((a, b) => a.hora.localeCompare(b.hora))[0];
  if (!first) return { retraso_min: 0, retrasado: false };
  const due = instantOf(context.fecha, first.hora, context.timeZone);
  const retraso_min = Math.max(0, Math.floor((context.now.getTime() - due.getTime()) / 60_000));
  return { retraso_min, retrasado: retraso_min > RETRASO_TOLERANCIA_MIN };
}
