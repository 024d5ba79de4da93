import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { clinicCalendarKeys } from './clinic-calendar-keys.ts';

export const removeClosure = (id: number) => api<null>('DELETE', `/clinica/cierres/${id}`);
export const useRemoveClosure = () => useInvalidatingMutation(clinicCalendarKeys.all, removeClosure);
