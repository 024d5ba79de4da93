import { Button, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatSummary } from '../../../../../contracts/chat.ts';
import { ChatListItem } from './chat-list-item.tsx';

interface ChatSidebarProps {
  chats: ChatSummary[];
  activeId: number | null;
  loading: boolean;
  failed: boolean;
  busy: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onNew: () => void;
  onSelect: (chat: ChatSummary) => void;
  onRename: (chat: ChatSummary, name: string) => void;
  onDelete: (chat: ChatSummary) => void;
  onDeleteAll: () => void;
}

/** The history of conversations: new, open, rename, delete one, delete all. */
export function ChatSidebar(props: ChatSidebarProps) {
  const { t } = useTranslation('chat');
  const { chats, activeId, busy } = props;
  return (
    <Stack h="100%" gap="sm" p="sm">
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={props.onNew} disabled={busy} fullWidth>
        {t('new_chat')}
      </Button>
      <Title order={2} size="h5" id="chat-history-title">
        {t('history')}
      </Title>
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        {props.loading ? (
          <Loader size="sm" aria-label={t('common:loading')} />
        ) : props.failed ? (
          <Text size="sm" c="var(--mantine-color-red-text)">
            {t('common:load_error')}
          </Text>
        ) : chats.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('empty_history')}
          </Text>
        ) : (
          <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="chat-history-title">
            {chats.map((chat) => (
              <li key={chat.id_chat}>
                <ChatListItem
                  chat={chat}
                  active={chat.id_chat === activeId}
                  disabled={busy}
                  onSelect={() => props.onSelect(chat)}
                  onRename={(name) => props.onRename(chat, name)}
                  onDelete={() => props.onDelete(chat)}
                />
              </li>
            ))}
          </Stack>
        )}
        {props.hasMore && (
          <Button variant="subtle" size="xs" mt="xs" onClick={props.onLoadMore} loading={props.loadingMore} fullWidth>
            {t('load_more')}
          </Button>
        )}
      </ScrollArea>
      <Button
        variant="light"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={props.onDeleteAll}
        disabled={busy || chats.length === 0}
      >
        {t('delete_all')}
      </Button>
    </Stack>
  );
}
