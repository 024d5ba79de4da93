import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { agendaKeys } from './keys.ts';

export const answerRequest = ({ id_cita, estado }: { id_cita: number; estado: 'Confirmada' | 'Cancelada' }) =>
  api<{ id_cita: number; estado: string }>('PUT', `/agenda/citas/${id_cita}`, { body: { estado } });

export const useAnswerRequest = () => useInvalidatingMutation(agendaKeys.all, answerRequest);
