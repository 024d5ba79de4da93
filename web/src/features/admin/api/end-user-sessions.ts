import { useMutation } from '@tanstack/react-query';
import type { SesionesCerradas } from '../../../../../contracts/sessions.ts';
import { api } from '../../../lib/api.ts';

/** Ends every session of an account: its devices must log in again. */
export const endUserSessions = (id: number) => api<SesionesCerradas>('POST', `/usuarios/${id}/cerrar-sesiones`);

export function useEndUserSessions() {
  return useMutation({ mutationFn: endUserSessions });
}
