import { useQuery } from '@tanstack/react-query';
import type { Bloque } from '../../../../../contracts/agenda.ts';
import { api } from '../../../lib/api.ts';
import { agendaKeys } from './keys.ts';

export const getDay = (id_doctor: number, fecha: string) => api<Bloque[]>('GET', '/agenda', { query: { fecha, id_doctor } });

export function useDay(id_doctor: number | undefined, fecha: string) {
  return useQuery({
    queryKey: agendaKeys.day(fecha),
    queryFn: () => getDay(id_doctor ?? 0, fecha),
    enabled: id_doctor !== undefined,
  });
}
