import type { CitaRecepcionItem, MoverCitaRecepcion } from '../../../../../contracts/desk-booking.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

export const moveVisit = ({ id_cita, ...body }: MoverCitaRecepcion & { id_cita: number }) =>
  api<CitaRecepcionItem>('POST', `/recepcion/citas/${id_cita}/mover`, { body });

/** Moves a visit to another free time of its specialty, in one step. */
export const useMoveVisit = () => useInvalidatingMutation(['recepcion'], moveVisit);
