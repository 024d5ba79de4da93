import type { SinCita, SinCitaCreada } from '../../../../../contracts/clinic-day.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

export const addWalkIn = (body: SinCita) => api<SinCitaCreada>('POST', '/recepcion/sin-cita', { body });

/** A walk-in into the doctor's next free slot, or as an extra visit; the board reloads. */
export const useAddWalkIn = () => useInvalidatingMutation(['citas', 'dia'], addWalkIn);
