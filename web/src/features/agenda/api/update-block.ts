import type { Bloque, BloqueoActualizar } from '../../../../../contracts/agenda.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { agendaKeys } from './keys.ts';

export const updateBlock = (body: BloqueoActualizar) => api<Bloque>('PUT', '/agenda/bloqueo-actualizar', { body });

export const useUpdateBlock = () => useInvalidatingMutation(agendaKeys.all, updateBlock);
