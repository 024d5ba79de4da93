import { useMutation, useQuery } from '@tanstack/react-query';
import type { ComprobacionRestablecimiento, Restablecimiento, SolicitudRestablecimiento } from '../../../../../contracts/auth.ts';
import { api } from '../../../lib/api.ts';

export const requestPasswordReset = (payload: SolicitudRestablecimiento) =>
  api<{ detail: string }>('POST', '/recuperar-contrasena', { body: payload });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export const checkResetLink = (token: string) =>
  api<ComprobacionRestablecimiento>('POST', '/restablecer-contrasena/comprobar', { body: { token } });

/** Whether the link in the address can still be used; asked once, never retried. */
export function useResetLink(token: string) {
  return useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => checkResetLink(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export const resetPassword = (payload: Restablecimiento) => api<undefined>('POST', '/restablecer-contrasena', { body: payload });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
