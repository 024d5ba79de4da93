import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { agendaKeys } from './keys.ts';

export const deleteBlock = (id_agenda: number) => api<void>('DELETE', `/agenda/bloque/${id_agenda}`);

export const useDeleteBlock = () => useInvalidatingMutation(agendaKeys.all, deleteBlock);
