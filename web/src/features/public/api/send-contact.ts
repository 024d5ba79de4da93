import { useMutation } from '@tanstack/react-query';
import type { Contacto } from '../../../../../contracts/auth.ts';
import { api } from '../../../lib/api.ts';

export const sendContact = (payload: Contacto) => api<{ id_mensaje: number }>('POST', '/contacto', { body: payload });

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
