import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvisosPaciente, AvisosPacienteCambio } from '../../../../../contracts/notices.ts';
import { api } from '../../../lib/api.ts';

const KEY = ['mi-cuenta', 'avisos'];

/** The patient's own switches (GET /api/mi-cuenta/avisos). */
export function useNoticeSwitches(enabled: boolean) {
  return useQuery({ queryKey: KEY, queryFn: () => api<AvisosPaciente>('GET', '/mi-cuenta/avisos'), enabled });
}

/** Changes them (PUT /api/mi-cuenta/avisos). */
export function useSetNoticeSwitches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (switches: AvisosPacienteCambio) => api<AvisosPaciente>('PUT', '/mi-cuenta/avisos', { body: switches }),
    onSuccess: (switches) => queryClient.setQueryData(KEY, switches),
  });
}
