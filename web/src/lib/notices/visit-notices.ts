import { useQuery } from '@tanstack/react-query';
import type { AvisoCita } from '../../../../contracts/notices.ts';
import { api } from '../api.ts';

/** What was sent about a visit (GET /api/citas/{id}/avisos), read only when `enabled` (a detail opened). */
export function useVisitNotices(id_cita: number, enabled: boolean) {
  return useQuery({
    queryKey: ['citas', id_cita, 'avisos'],
    queryFn: () => api<AvisoCita[]>('GET', `/citas/${id_cita}/avisos`),
    enabled,
  });
}
