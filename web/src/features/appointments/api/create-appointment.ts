import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CitaCreada, NuevaCita } from '../../../../../contracts/appointments.ts';
import { api } from '../../../lib/api.ts';

export const createAppointment = (cita: NuevaCita) => api<CitaCreada>('POST', '/citas', { body: cita });

/** Books a slot; the grid (and the patient's list of appointments) reload whether it worked or not. */
export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['citas'] }),
  });
}
