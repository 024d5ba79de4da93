import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MiIdDoctor } from '../../../../../contracts/agenda.ts';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { agendaKeys } from './keys.ts';

export const getMyDoctor = () => api<MiIdDoctor>('GET', '/agenda/mi-id-doctor');

export const myDoctorQuery = (id_usuario: number | undefined) =>
  queryOptions({ queryKey: agendaKeys.me(id_usuario), queryFn: getMyDoctor, retry: false, staleTime: Infinity });

export function useMyDoctor() {
  const session = useSession();
  return useQuery(myDoctorQuery(session?.payload.id_usuario));
}
