import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ChatSummary } from '../../../../../contracts/chat.ts';
import { api } from '../../../lib/api.ts';
import { CHAT_HISTORY_KEY } from './chat-history.ts';

type HistoryPages = InfiniteData<{ items: ChatSummary[]; total: number }, number>;

export const renameChat = ({ id_chat, nombre_chat }: { id_chat: number; nombre_chat: string }) =>
  api<{ id_chat: number; nombre_chat: string }>('PUT', `/chat/${id_chat}`, { body: { nombre_chat } });

/** Renames a conversation on the server; the list shows the new name at once and goes back on failure. */
export function useRenameChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameChat,
    onMutate: async ({ id_chat, nombre_chat }) => {
      await queryClient.cancelQueries({ queryKey: CHAT_HISTORY_KEY });
      const previous = queryClient.getQueryData<HistoryPages>(CHAT_HISTORY_KEY);
      queryClient.setQueryData<HistoryPages>(CHAT_HISTORY_KEY, (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((chat) => (chat.id_chat === id_chat ? { ...chat, nombre_chat } : chat)),
          })),
        },
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(CHAT_HISTORY_KEY, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHAT_HISTORY_KEY }),
  });
}
