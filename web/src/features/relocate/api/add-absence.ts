import type { AusenciaCreada, NuevaAusencia } from '../../../../../contracts/weekly-hours.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { relocateKeys } from './keys.ts';

/** A doctor's absence entered by the desk: the visits it falls on join the list to relocate. */
export const addAbsence = (body: NuevaAusencia & { id_doctor: number }) => api<AusenciaCreada>('POST', '/agenda/ausencias', { body });
export const useAddAbsence = () => useInvalidatingMutation(relocateKeys.all, addAbsence);
