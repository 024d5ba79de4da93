import type { RangoAgenda } from '../../../../../contracts/agenda.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { agendaKeys } from './keys.ts';

export const unblockRange = (body: RangoAgenda) =>
  api<{ bloques_desbloqueados: number; bloques_creados: number }>('PUT', '/agenda/desbloquear', { body });

export const useUnblockRange = () => useInvalidatingMutation(agendaKeys.all, unblockRange);
