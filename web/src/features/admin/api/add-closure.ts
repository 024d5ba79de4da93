import type { CierreCreado, NuevoCierre } from '../../../../../contracts/relocate.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { clinicCalendarKeys } from './clinic-calendar-keys.ts';

export const addClosure = (body: NuevoCierre) => api<CierreCreado>('POST', '/clinica/cierres', { body });
export const useAddClosure = () => useInvalidatingMutation(clinicCalendarKeys.all, addClosure);
