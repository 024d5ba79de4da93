import type { CrearAgenda } from '../../../../../contracts/agenda.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { agendaKeys } from './keys.ts';

export interface OpenDayResult {
  bloques_creados: number;
  bloques_existentes: number;
}

export const openDay = (body: CrearAgenda) => api<OpenDayResult>('POST', '/agenda/crear', { body });

export const useOpenDay = () => useInvalidatingMutation(agendaKeys.all, openDay);
