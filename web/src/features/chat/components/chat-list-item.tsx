import { ActionIcon, Group, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatSummary } from '../../../../../contracts/chat.ts';
import classes from './chat-page.module.css';

interface ChatListItemProps {
  chat: ChatSummary;
  active: boolean;
  disabled: boolean;
  onSelect: () => void;
  onRename: (name: string) => void;
  onDelete: () => void;
}

/** One conversation in the history: open it, rename it inline (double-click or pencil), delete it. */
export function ChatListItem({ chat, active, disabled, onSelect, onRename, onDelete }: ChatListItemProps) {
  const { t } = useTranslation('chat');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(chat.nombre_chat);

  const startEditing = () => {
    if (disabled) return;
    setDraft(chat.nombre_chat);
    setEditing(true);
  };
  // Saved on Enter or when the field loses focus; Escape leaves the name as it was.
  const finish = (save: boolean) => {
    if (!editing) return;
    setEditing(false);
    const name = draft.trim();
    if (save && name && name !== chat.nombre_chat) onRename(name);
  };

  if (editing) {
    return (
      <TextInput
        aria-label={t('rename_label')}
        value={draft}
        maxLength={100}
        size="sm"
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={() => finish(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            finish(true);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            finish(false);
          }
        }}
      />
    );
  }

  return (
    <Group gap={4} wrap="nowrap" className={classes.item} data-active={active || undefined}>
      <UnstyledButton
        className={classes.itemButton}
        onClick={onSelect}
        onDoubleClick={startEditing}
        disabled={disabled}
        aria-current={active ? 'true' : undefined}
        title={t('rename_hint')}
      >
        {chat.nombre_chat}
      </UnstyledButton>
      <Tooltip label={t('rename')} openDelay={400}>
        <ActionIcon variant="subtle" color="gray" onClick={startEditing} disabled={disabled} aria-label={t('rename_named', { name: chat.nombre_chat })}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('delete')} openDelay={400}>
        <ActionIcon variant="subtle" color="red" onClick={onDelete} disabled={disabled} aria-label={t('delete_named', { name: chat.nombre_chat })}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
