import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisputaNoPresentado } from '../../../../../contracts/appointments.ts';
import { api } from '../../../lib/api.ts';

export const disputeNoShow = ({ id_cita, motivo }: { id_cita: number } & DisputaNoPresentado) =>
  api<{ id_cita: number; disputada_en: string }>('POST', `/citas/${id_cita}/disputa`, { body: { motivo } });

/** The patient disputes a same-day no-show from /mis-visitas; the lists and the booking rules reload. */
export function useDisputeNoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disputeNoShow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['citas'] }),
  });
}
