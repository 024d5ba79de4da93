import type { CambioDia } from '../../../../../contracts/clinic-day.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

export const undoCheckIn = (id_cita: number) => api<CambioDia>('POST', `/recepcion/citas/${id_cita}/deshacer-llegada`);

/** A mistaken check-in undone while the patient still waits. */
export const useUndoCheckIn = () => useInvalidatingMutation(['citas', 'dia'], undoCheckIn);
