import type { CambioDia } from '../../../../../contracts/clinic-day.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

export const markNoShow = (id_cita: number) => api<CambioDia>('POST', `/recepcion/citas/${id_cita}/no-presentado`);

/** The patient did not come (offered once the visit's time has come). */
export const useMarkNoShow = () => useInvalidatingMutation(['citas', 'dia'], markNoShow);
