import { useQuery } from '@tanstack/react-query';
import type { FichaRecepcion } from '../../../../../contracts/desk-patients.ts';
import { api } from '../../../lib/api.ts';

export const fetchDeskPatientCard = (id_paciente: number) => api<FichaRecepcion>('GET', `/recepcion/pacientes/${id_paciente}`);

/** The desk's card of one patient: contact, visits, waitlist and notices sent. */
export function useDeskPatientCard(id_paciente: number | null) {
  return useQuery({
    queryKey: ['recepcion-pacientes', 'ficha', id_paciente],
    queryFn: () => fetchDeskPatientCard(id_paciente as number),
    enabled: id_paciente !== null,
  });
}
