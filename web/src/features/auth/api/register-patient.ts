import { useMutation } from '@tanstack/react-query';
import type { RegistroPaciente } from '../../../../../contracts/auth.ts';
import { api } from '../../../lib/api.ts';

export const registerPatient = (payload: RegistroPaciente) =>
  api<{ id_usuario: number; id_paciente: number }>('POST', '/registro-paciente', { body: payload });

export function useRegisterPatient() {
  return useMutation({ mutationFn: registerPatient });
}
