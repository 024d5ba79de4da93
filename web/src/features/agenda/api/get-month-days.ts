import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { agendaKeys } from './keys.ts';

/** Day numbers of a month with blocked slots (GET /api/agenda/bloqueos). */
export const getBlockedDays = (id_doctor: number, anio: number, mes: number) =>
  api<number[]>('GET', '/agenda/bloqueos', { query: { id_doctor, anio, mes } });

/** Day numbers of a month with pending requests (GET /api/agenda/solicitudes-pendientes). */
export const getPendingDays = (id_doctor: number, anio: number, mes: number) =>
  api<number[]>('GET', '/agenda/solicitudes-pendientes', { query: { id_doctor, anio, mes } });

/** Both sets of marked days of a month, for the month and year grids. */
export function useMonthMarks(id_doctor: number | undefined, anio: number, mes: number) {
  const enabled = id_doctor !== undefined;
  const blocked = useQuery({
    queryKey: agendaKeys.blockedDays(anio, mes),
    queryFn: () => getBlockedDays(id_doctor ?? 0, anio, mes),
    enabled,
  });
  const pending = useQuery({
    queryKey: agendaKeys.pendingDays(anio, mes),
    queryFn: () => getPendingDays(id_doctor ?? 0, anio, mes),
    enabled,
  });
  return { blocked: new Set(blocked.data ?? []), pending: new Set(pending.data ?? []) };
}
