import { queryOptions, useQuery } from '@tanstack/react-query';
import { DIA_REFRESCO_MS, type SalaEspera } from '../../../../../contracts/clinic-day.ts';
import { api } from '../../../lib/api.ts';

export const getWaitingRoom = () => api<SalaEspera>('GET', '/medico/sala-espera');

/** Who has arrived for the doctor today, asked again every few seconds so the desk's check-ins show. */
export const waitingRoomQuery = queryOptions({
  queryKey: ['citas', 'sala-espera'],
  queryFn: getWaitingRoom,
  refetchInterval: DIA_REFRESCO_MS,
});

export const useWaitingRoom = () => useQuery(waitingRoomQuery);
