import { useMutation } from '@tanstack/react-query';
import type { LoginPayload, LoginResponse } from '../../../../../contracts/auth.ts';
import { api } from '../../../lib/api.ts';
import { saveSession } from '../../../lib/session.ts';

export const login = (payload: LoginPayload) => api<LoginResponse>('POST', '/login', { body: payload });

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => saveSession(response),
  });
}
