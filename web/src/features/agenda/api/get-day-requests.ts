import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Solicitud } from '../../../../../contracts/agenda.ts';
import { api } from '../../../lib/api.ts';
import { agendaKeys } from './keys.ts';

export const getDayRequests = (id_doctor: number, fecha: string) =>
  api<Solicitud[]>('GET', '/agenda/solicitudes-dia', { query: { id_doctor, fecha } });

export const dayRequestsQuery = (id_doctor: number | undefined, fecha: string) =>
  queryOptions({ queryKey: agendaKeys.requests(fecha), queryFn: () => getDayRequests(id_doctor ?? 0, fecha) });

export const useDayRequests = (id_doctor: number | undefined, fecha: string) =>
  useQuery({ ...dayRequestsQuery(id_doctor, fecha), enabled: id_doctor !== undefined });
