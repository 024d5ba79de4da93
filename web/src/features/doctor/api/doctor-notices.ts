import { useQuery } from '@tanstack/react-query';
import type { AvisoDoctor } from '../../../../../contracts/notices.ts';
import { api } from '../../../lib/api.ts';

/** What the doctor was told of lately (GET /api/medico/avisos). */
export function useDoctorNotices() {
  return useQuery({ queryKey: ['medico', 'avisos'], queryFn: () => api<AvisoDoctor[]>('GET', '/medico/avisos') });
}
