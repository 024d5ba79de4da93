import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Enrolment,
  PasswordAndCode,
  RecoveryCodes,
  SecondFactorStatus,
} from '../../../../../contracts/second-factor.ts';
import { api } from '../../../lib/api.ts';

const STATUS_KEY = ['segundo-factor'] as const;

export const fetchSecondFactor = () => api<SecondFactorStatus>('GET', '/auth/segundo-factor');

export function useSecondFactor() {
  return useQuery({ queryKey: STATUS_KEY, queryFn: fetchSecondFactor });
}

/** Mutations that change the factor make its status load again. */
function useFactorMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }) });
}

export const startEnrolment = (contrasena: string) =>
  api<Enrolment>('POST', '/auth/segundo-factor/inicio', { body: { contrasena } });

export function useStartEnrolment() {
  return useMutation({ mutationFn: startEnrolment });
}

export const confirmEnrolment = (codigo: string) =>
  api<RecoveryCodes>('POST', '/auth/segundo-factor/confirmacion', { body: { codigo } });

export function useConfirmEnrolment() {
  return useFactorMutation(confirmEnrolment);
}

export const regenerateRecoveryCodes = (input: PasswordAndCode) =>
  api<RecoveryCodes>('POST', '/auth/segundo-factor/codigos', { body: input });

export function useRegenerateRecoveryCodes() {
  return useFactorMutation(regenerateRecoveryCodes);
}

export const disableSecondFactor = (input: PasswordAndCode) =>
  api<undefined>('POST', '/auth/segundo-factor/desactivacion', { body: input });

export function useDisableSecondFactor() {
  return useFactorMutation(disableSecondFactor);
}
