import type { CitaRecepcion, CitaRecepcionItem } from '../../../../../contracts/desk-booking.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

export const bookForPatient = (body: CitaRecepcion) => api<CitaRecepcionItem>('POST', '/recepcion/citas', { body });

/** Books a free time for the patient (confirmed at once); the free times and the patient's visits reload. */
export const useBookForPatient = () => useInvalidatingMutation(['recepcion'], bookForPatient);
