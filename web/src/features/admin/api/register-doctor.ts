import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistroDoctor } from '../../../../../contracts/doctors.ts';
import { api } from '../../../lib/api.ts';

export const registerDoctor = (payload: RegistroDoctor) =>
  api<{ id_usuario: number; id_doctor: number }>('POST', '/registro-doctor', { body: payload });

export function useRegisterDoctor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerDoctor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['usuarios'] }),
  });
}
