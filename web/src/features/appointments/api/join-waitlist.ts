import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EntradaEspera, NuevaEntradaEspera } from '../../../../../contracts/waitlist.ts';
import { api } from '../../../lib/api.ts';

export const joinWaitlist = (entry: NuevaEntradaEspera) => api<EntradaEspera>('POST', '/lista-espera', { body: entry });

/** Joins a doctor's or a specialty's waitlist; the patient's list in /mis-visitas reloads. */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['lista-espera'] }),
  });
}
