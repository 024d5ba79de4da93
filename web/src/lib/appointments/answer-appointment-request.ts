import { api } from '../api.ts';
import { useInvalidatingMutation } from '../use-invalidating-mutation.ts';

export interface AppointmentAnswer {
  id_cita: number;
  estado: 'Confirmada' | 'Cancelada';
  /** A rejection's optional reason, which the patient reads. */
  motivo?: string;
  /** The day and time the doctor saw: if the patient moved the request since, the server refuses (409). */
  seen: { fecha: string; hora: string };
}

export const answerAppointmentRequest = ({ id_cita, estado, motivo, seen }: AppointmentAnswer) =>
  api<{ id_cita: number; estado: string }>('PUT', `/agenda/citas/${id_cita}`, { body: { estado, ...(motivo ? { motivo } : {}), ...seen } });

/**
 * The doctor accepts or rejects a request, from the agenda or from their home. The whole ['agenda']
 * tree reloads: the inbox, the days and their counts, the menu's count and the doctor's home.
 */
export const useAnswerAppointmentRequest = () => useInvalidatingMutation(['agenda'], answerAppointmentRequest);
