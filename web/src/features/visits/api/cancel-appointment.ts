import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const cancelAppointment = (id_cita: number) =>
  api<{ id_cita: number; estado: 'Cancelada' }>('PUT', `/citas/${id_cita}/cancelar`);

/** Cancels one of the patient's upcoming appointments; the lists (and booking grids) reload. */
export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['citas'] }),
  });
}
