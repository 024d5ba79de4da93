import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const leaveWaitlist = (id_entrada: number) => api<null>('DELETE', `/lista-espera/${id_entrada}`);

/** Leaves one of the patient's waitlist entries; the patient's list in /mis-visitas reloads. */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['lista-espera'] }),
  });
}
