import { useQuery } from '@tanstack/react-query';
import type { SolicitudesPorDia } from '../../../../../contracts/agenda.ts';
import { api } from '../../../lib/api.ts';
import { agendaKeys } from './keys.ts';

/** Day numbers of a month with blocked slots (GET /api/agenda/bloqueos). */
export const getBlockedDays = (id_doctor: number, anio: number, mes: number) =>
  api<number[]>('GET', '/agenda/bloqueos', { query: { id_doctor, anio, mes } });

/** How many pending requests each day of a month has (GET /api/agenda/solicitudes-por-dia). */
export const getPendingCounts = (id_doctor: number, anio: number, mes: number) =>
  api<SolicitudesPorDia>('GET', '/agenda/solicitudes-por-dia', { query: { id_doctor, anio, mes } });

/** A month's marks for the month and year grids: blocked days, and pending requests per day. */
export function useMonthMarks(id_doctor: number | undefined, anio: number, mes: number) {
  const enabled = id_doctor !== undefined;
  const blocked = useQuery({
    queryKey: agendaKeys.blockedDays(anio, mes),
    queryFn: () => getBlockedDays(id_doctor ?? 0, anio, mes),
    enabled,
  });
  const pending = useQuery({
    queryKey: agendaKeys.pendingDays(anio, mes),
    queryFn: () => getPendingCounts(id_doctor ?? 0, anio, mes),
    enabled,
  });
  return {
    blocked: new Set(blocked.data ?? []),
    pending: new Map((pending.data ?? []).map((row) => [row.dia, row.solicitudes])),
  };
}
