import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bloque } from '../../../../../contracts/agenda.ts';
import { api } from '../../../lib/api.ts';
import { agendaKeys } from './keys.ts';

export const getDay = (id_doctor: number, fecha: string) => api<Bloque[]>('GET', '/agenda', { query: { fecha, id_doctor } });

export const dayQuery = (id_doctor: number | undefined, fecha: string) =>
  queryOptions({ queryKey: agendaKeys.day(fecha), queryFn: () => getDay(id_doctor ?? 0, fecha) });

export const useDay = (id_doctor: number | undefined, fecha: string) =>
  useQuery({ ...dayQuery(id_doctor, fecha), enabled: id_doctor !== undefined });
