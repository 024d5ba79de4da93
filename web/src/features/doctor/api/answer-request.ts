import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

export interface AnswerInput {
  id_cita: number;
  estado: 'Confirmada' | 'Cancelada';
  /** Why the doctor rejects it; the patient sees it (decisions #27). */
  motivo?: string;
}

export const answerRequest = ({ id_cita, estado, motivo }: AnswerInput) =>
  api<{ id_cita: number; estado: string }>('PUT', `/agenda/citas/${id_cita}`, {
    body: motivo ? { estado, motivo } : { estado },
  });

/** Accepts or rejects a request from the home; the home and the agenda reload (both under ['agenda']). */
export const useAnswerRequest = () => useInvalidatingMutation(['agenda'], answerRequest);
