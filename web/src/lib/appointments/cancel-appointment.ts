import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';

export const cancelAppointment = (id_cita: number) =>
  api<{ id_cita: number; estado: 'Cancelada' }>('PUT', `/citas/${id_cita}/cancelar`);

/**
 * Cancels one of the patient's upcoming appointments, from /mis-visitas or the patient's home;
 * everything under ['citas'] (the lists, the home, the booking grids) reloads.
 */
export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['citas'] }),
  });
}
