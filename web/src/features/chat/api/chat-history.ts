import { useInfiniteQuery } from '@tanstack/react-query';
import type { ChatSummary } from '../../../../../contracts/chat.ts';
import { apiPage } from '../../../lib/api.ts';

export const CHAT_HISTORY_KEY = ['chat', 'historial'] as const;
const PAGE_SIZE = 30;

export const fetchChatHistory = (pagina: number) =>
  apiPage<ChatSummary>('/chat/historial', { query: { pagina, por_pagina: PAGE_SIZE } });

/** The user's conversations, newest first, a page at a time. */
export function useChatHistory() {
  return useInfiniteQuery({
    queryKey: CHAT_HISTORY_KEY,
    queryFn: ({ pageParam }) => fetchChatHistory(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.reduce((n, page) => n + page.items.length, 0) < last.total ? pages.length + 1 : undefined),
  });
}
