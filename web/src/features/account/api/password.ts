import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CambioContrasena, LoginResponse } from '../../../../../contracts/auth.ts';
import { api } from '../../../lib/api.ts';
import { saveSession } from '../../../lib/session.ts';

/**
 * Changes the caller's password. The server ends every session of the account, this one too, and
 * answers with a new one: it is stored at once, so the user stays signed in here only.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CambioContrasena) => api<LoginResponse>('PUT', '/auth/contrasena', { body }),
    onSuccess: (response) => {
      saveSession(response);
      void queryClient.invalidateQueries({ queryKey: ['auth', 'sesiones'] });
    },
  });
}
