import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PerfilPaciente, PerfilPacienteUpdate } from '../../../../../contracts/patient.ts';
import { api } from '../../../lib/api.ts';
import { updateSessionName } from '../../../lib/session.ts';
import { profileQueryKey } from './get-profile.ts';

/** PUT /paciente/perfil with the flat fields; empty values are left out (the server clears them). */
export function updateProfile(values: PerfilPacienteUpdate) {
  const body = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== ''));
  return api<PerfilPaciente>('PUT', '/paciente/perfil', { body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      updateSessionName(profile.usuario.nombre);
      void queryClient.invalidateQueries({ queryKey: ['paciente'] });
    },
  });
}
