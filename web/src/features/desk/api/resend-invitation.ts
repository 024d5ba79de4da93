import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

export const resendInvitation = (id_paciente: number) =>
  api<{ invitacion: 'enviada'; caduca_en: string }>('POST', `/recepcion/pacientes/${id_paciente}/invitacion`);

/** Sends the patient a new link to create their password. */
export function useResendInvitation() {
  return useInvalidatingMutation(['recepcion-pacientes'], resendInvitation);
}
