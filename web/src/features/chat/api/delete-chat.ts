import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { CHAT_HISTORY_KEY } from './chat-history.ts';
import { chatMessagesKey } from './chat-messages.ts';

export const deleteChat = (id_chat: number) => api<void>('DELETE', `/chat/${id_chat}`);

/** Deletes one conversation with its messages. */
export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChat,
    onSuccess: (_result, id_chat) => queryClient.removeQueries({ queryKey: chatMessagesKey(id_chat) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHAT_HISTORY_KEY }),
  });
}
