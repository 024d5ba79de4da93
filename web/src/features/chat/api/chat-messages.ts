import { useQuery } from '@tanstack/react-query';
import type { ChatAnswerKind, ChatMessage } from '../../../../../contracts/chat.ts';
import { api } from '../../../lib/api.ts';

/** A message as the screen shows it: what the server keeps, and what this session learnt about it. */
export interface ShownMessage extends Omit<ChatMessage, 'tipo'> {
  /** Kept by the server per answer, so a reopened emergency keeps its styling. */
  tipo?: ChatAnswerKind | null;
  detenido?: boolean;
}

export const chatMessagesKey = (id_chat: number) => ['chat', id_chat, 'mensajes'] as const;

export const fetchChatMessages = (id_chat: number) => api<ShownMessage[]>('GET', `/chat/${id_chat}/mensajes`);

/** The messages of a conversation; the screen appends new exchanges to this cache itself. */
export function useChatMessages(id_chat: number | null) {
  return useQuery({
    queryKey: chatMessagesKey(id_chat ?? 0),
    queryFn: () => fetchChatMessages(id_chat ?? 0),
    enabled: id_chat !== null,
    staleTime: Infinity,
  });
}
