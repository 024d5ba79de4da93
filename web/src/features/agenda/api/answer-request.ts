import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { agendaKeys } from './keys.ts';

export interface Answer {
  id_cita: number;
  estado: 'Confirmada' | 'Cancelada';
  /** A rejection's optional reason, which the patient reads. */
  motivo?: string;
}

export const answerRequest = ({ id_cita, estado, motivo }: Answer) =>
  api<{ id_cita: number; estado: string }>('PUT', `/agenda/citas/${id_cita}`, { body: motivo ? { estado, motivo } : { estado } });

/** Answers a request; the whole agenda tree (inbox, counts, days, the menu's count) reloads. */
export const useAnswerRequest = () => useInvalidatingMutation(agendaKeys.all, answerRequest);
