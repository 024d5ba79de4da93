import type { CancelarCitaRecepcion } from '../../../../../contracts/desk-booking.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

export const cancelVisit = ({ id_cita, ...body }: CancelarCitaRecepcion & { id_cita: number }) =>
  api<{ id_cita: number; estado: 'Cancelada' }>('POST', `/recepcion/citas/${id_cita}/cancelar`, { body });

/** Cancels a visit for the clinic, with the reason the patient is told. */
export const useCancelVisit = () => useInvalidatingMutation(['recepcion'], cancelVisit);
