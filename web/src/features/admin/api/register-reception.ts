import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistroRecepcion } from '../../../../../contracts/users.ts';
import { api } from '../../../lib/api.ts';

export const registerReception = (payload: RegistroRecepcion) =>
  api<{ id_usuario: number }>('POST', '/registro-recepcion', { body: payload });

export function useRegisterReception() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerReception,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['usuarios'] }),
  });
}
