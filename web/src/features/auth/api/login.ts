import { useMutation } from '@tanstack/react-query';
import type { LoginPayload, LoginResponse } from '../../../../../contracts/auth.ts';
import type { LoginCode, LoginTicket, SecondFactorStatus } from '../../../../../contracts/second-factor.ts';
import { api } from '../../../lib/api.ts';
import { saveSession } from '../../../lib/session.ts';

/** The password step: a session, or (with a second factor) a ticket for the code step. */
export const login = (payload: LoginPayload) => api<LoginResponse | LoginTicket>('POST', '/login', { body: payload });

export const needsCode = (response: LoginResponse | LoginTicket): response is LoginTicket => 'ticket' in response;

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      if (!needsCode(response)) saveSession(response);
    },
  });
}

/** The code step: the ticket and a code from the app, or a recovery code. */
export const loginWithCode = (payload: LoginCode) => api<LoginResponse>('POST', '/login/codigo', { body: payload });

export function useLoginWithCode() {
  return useMutation({ mutationFn: loginWithCode, onSuccess: (response) => saveSession(response) });
}

/** Whether the user's role requires a second factor they have not set up (then only enrolment is open). */
export const mustEnrol = async () => {
  const status = await api<SecondFactorStatus>('GET', '/auth/segundo-factor');
  return status.requerido && !status.activo;
};
