import { useQuery } from '@tanstack/react-query';
import type { HorarioRespuesta, HorarioSemanal } from '../../../../../contracts/weekly-hours.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { agendaKeys } from './keys.ts';

/** A doctor's weekly hours: the caller's own, or (an admin) the doctor named. */
export const getWeeklyHours = (id_doctor?: number) =>
  api<HorarioRespuesta>('GET', '/agenda/horario', { query: id_doctor === undefined ? {} : { id_doctor } });

export const useWeeklyHours = (id_doctor?: number) =>
  useQuery({ queryKey: [...agendaKeys.all, 'weekly-hours', id_doctor ?? 'own'], queryFn: () => getWeeklyHours(id_doctor) });

export const setWeeklyHours = (body: HorarioSemanal) => api<HorarioRespuesta>('PUT', '/agenda/horario', { body });

/** Saving the week changes many days: every agenda query loads again. */
export const useSetWeeklyHours = () => useInvalidatingMutation(agendaKeys.all, setWeeklyHours);
