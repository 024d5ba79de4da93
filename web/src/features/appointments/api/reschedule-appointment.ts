import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CambioCita, CitaCambiada } from '../../../../../contracts/appointments.ts';
import { api } from '../../../lib/api.ts';

export const rescheduleAppointment = ({ id_cita, ...body }: CambioCita & { id_cita: number }) =>
  api<CitaCambiada>('PUT', `/citas/${id_cita}/cambiar`, { body });

/** Moves one of the patient's upcoming appointments to another free slot; the lists and grids reload. */
export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleAppointment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['citas'] }),
  });
}
