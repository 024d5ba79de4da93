import type { RangoAgenda } from '../../../../../contracts/agenda.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { agendaKeys } from './keys.ts';

/** The answer may lack the count (spec: 'El bloqueo fue enviado, pero no se pudo verificar.'). */
export const blockRange = (body: RangoAgenda) => api<{ bloques_bloqueados?: number }>('PUT', '/agenda/bloquear', { body });

export const useBlockRange = () => useInvalidatingMutation(agendaKeys.all, blockRange);
