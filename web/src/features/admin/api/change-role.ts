import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CambioRol, UsuarioLista } from '../../../../../contracts/users.ts';
import { api } from '../../../lib/api.ts';

export const changeRole = ({ id, ...body }: { id: number } & CambioRol) =>
  api<UsuarioLista>('PUT', `/usuarios/${id}/rol`, { body });

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['usuarios'] }),
  });
}
