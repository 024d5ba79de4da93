import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Sesion, SesionesCerradas } from '../../../../../contracts/sessions.ts';
import { api } from '../../../lib/api.ts';

const KEY = ['auth', 'sesiones'] as const;

export const fetchSessions = () => api<Sesion[]>('GET', '/auth/sesiones');
export const endSession = (id: string) => api<void>('DELETE', `/auth/sesiones/${encodeURIComponent(id)}`);
export const endAllSessions = (incluirActual: boolean) =>
  api<SesionesCerradas>('POST', '/auth/sesiones/cerrar-todas', { body: { incluir_actual: incluirActual } });

export function useSessions() {
  return useQuery({ queryKey: KEY, queryFn: fetchSessions });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endSession, onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }) });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => endAllSessions(false), onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }) });
}

/** Ends every session, this one too: the caller then leaves as at log-out. */
export function useEndAllSessions() {
  return useMutation({ mutationFn: () => endAllSessions(true) });
}
