import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { recordKeys } from './keys.ts';

/** The visit's doctor says the patient did not come (PUT /api/citas/{id}/no-presentado); the record reloads. */
export function useMarkNoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id_cita: number) => api<{ id_cita: number; asistencia: 'No presentado' }>('PUT', `/citas/${id_cita}/no-presentado`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all }),
  });
}
