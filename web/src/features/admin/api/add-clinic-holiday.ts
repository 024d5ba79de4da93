import type { NuevoFestivoClinica } from '../../../../../contracts/relocate.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { clinicCalendarKeys } from './clinic-calendar-keys.ts';

/** A local holiday, or opening the clinic on a public one. */
export const addClinicHoliday = (body: NuevoFestivoClinica) => api<null>('POST', '/clinica/festivos', { body });
export const useAddClinicHoliday = () => useInvalidatingMutation(clinicCalendarKeys.all, addClinicHoliday);
