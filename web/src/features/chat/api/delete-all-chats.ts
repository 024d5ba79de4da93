import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { CHAT_HISTORY_KEY } from './chat-history.ts';

export const deleteAllChats = () => api<{ eliminados: number }>('DELETE', '/chat/historial');

/** Deletes every conversation of the user. */
export function useDeleteAllChats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAllChats,
    onSuccess: () => queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === 'chat' && query.queryKey[2] === 'mensajes' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHAT_HISTORY_KEY }),
  });
}
