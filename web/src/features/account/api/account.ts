import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '../../../../../contracts/messages/languages.ts';
import type { MiCuenta } from '../../../../../contracts/users.ts';
import { api } from '../../../lib/api.ts';

const KEY = ['mi-cuenta'];

export const fetchAccount = () => api<MiCuenta>('GET', '/mi-cuenta');

export function useAccount() {
  return useQuery({ queryKey: KEY, queryFn: fetchAccount });
}

/** Changes the language of the caller's e-mails and reminders (PUT /api/mi-cuenta/idioma). */
export function useSetAccountLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idioma: Language) => api<MiCuenta>('PUT', '/mi-cuenta/idioma', { body: { idioma } }),
    onSuccess: (account) => queryClient.setQueryData(KEY, account),
  });
}
