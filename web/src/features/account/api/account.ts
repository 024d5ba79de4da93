import { useQuery } from '@tanstack/react-query';
import type { MiCuenta } from '../../../../../contracts/users.ts';
import { api } from '../../../lib/api.ts';

export const fetchAccount = () => api<MiCuenta>('GET', '/mi-cuenta');

export function useAccount() {
  return useQuery({ queryKey: ['mi-cuenta'], queryFn: fetchAccount });
}
