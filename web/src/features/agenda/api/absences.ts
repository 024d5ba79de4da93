import { useQuery } from '@tanstack/react-query';
import type { Ausencia, AusenciaCreada, CitaAfectada, NuevaAusencia } from '../../../../../contracts/weekly-hours.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { agendaKeys } from './keys.ts';

export const getAbsences = () => api<Ausencia[]>('GET', '/agenda/ausencias');
export const useAbsences = () => useQuery({ queryKey: [...agendaKeys.all, 'absences'], queryFn: getAbsences });

export const addAbsence = (body: NuevaAusencia) => api<AusenciaCreada>('POST', '/agenda/ausencias', { body });
export const useAddAbsence = () => useInvalidatingMutation(agendaKeys.all, addAbsence);

export const removeAbsence = (id: number) => api<null>('DELETE', `/agenda/ausencias/${id}`);
export const useRemoveAbsence = () => useInvalidatingMutation(agendaKeys.all, removeAbsence);

export const getAbsenceVisits = (id: number) => api<CitaAfectada[]>('GET', `/agenda/ausencias/${id}/citas`);

export const cancelAbsenceVisits = ({ id, citas }: { id: number; citas: number[] }) =>
  api<{ canceladas: number }>('POST', `/agenda/ausencias/${id}/cancelar-citas`, { body: { citas } });
export const useCancelAbsenceVisits = () => useInvalidatingMutation(agendaKeys.all, cancelAbsenceVisits);
