import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const cancelVisit = (id_cita: number) =>
  api<{ id_cita: number; estado: 'Cancelada' }>('PUT', `/citas/${id_cita}/cancelar`);

/** Cancels one of the patient's upcoming visits (PUT /api/citas/{id}/cancelar); every appointment list reloads. */
export function useCancelVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelVisit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['citas'] }),
  });
}
