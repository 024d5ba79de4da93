import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { clinicCalendarKeys } from './clinic-calendar-keys.ts';

/** Takes a day off the clinic's list: a local holiday opens again, an opened public one closes again. */
export const removeClinicHoliday = (fecha: string) => api<null>('DELETE', `/clinica/festivos/${fecha}`);
export const useRemoveClinicHoliday = () => useInvalidatingMutation(clinicCalendarKeys.all, removeClinicHoliday);
