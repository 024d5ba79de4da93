import type { CambioDia } from '../../../../../contracts/clinic-day.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

export const callIn = (id_cita: number) => api<CambioDia>('POST', `/doctor/citas/${id_cita}/llamar`);

/** "Llamar": the arrived patient goes in (en consulta); the waiting room reloads. */
export const useCallIn = () => useInvalidatingMutation(['citas', 'sala-espera'], callIn);
