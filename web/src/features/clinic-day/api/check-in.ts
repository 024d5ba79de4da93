import type { CambioDia } from '../../../../../contracts/clinic-day.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

export const checkIn = (id_cita: number) => api<CambioDia>('POST', `/recepcion/citas/${id_cita}/llegada`);

/** One click: the patient is here. The board reloads. */
export const useCheckIn = () => useInvalidatingMutation(['citas', 'dia'], checkIn);
