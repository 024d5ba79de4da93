import { ActionIcon, Alert, AppShell, Box, Group, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconStethoscope } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { goBackOr, useSearchParams } from '../../../lib/router.tsx';
import type { ChatAnswerKind, ChatSummary } from '../../../../../contracts/chat.ts';
import { HOME_BY_ROLE } from '../../../../../contracts/roles.ts';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { Footer } from '../../../components/layout/footer.tsx';
import { ThemeToggle } from '../../../components/theme-toggle.tsx';
import { ApiError } from '../../../lib/api.ts';
import { confirmAction } from '../../../lib/confirm.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { CHAT_HISTORY_KEY, useChatHistory } from '../api/chat-history.ts';
import { chatMessagesKey, useChatMessages, type ShownMessage } from '../api/chat-messages.ts';
import { useDeleteAllChats } from '../api/delete-all-chats.ts';
import { useDeleteChat } from '../api/delete-chat.ts';
import { useRenameChat } from '../api/rename-chat.ts';
import { streamCompletion } from '../api/stream-completion.ts';
import { ChatSidebar } from '../components/chat-sidebar.tsx';
import classes from '../components/chat-page.module.css';
import { Composer } from '../components/composer.tsx';
import { MessageList } from '../components/message-list.tsx';

/** The exchange being answered: shown after the saved messages until it is saved in the cache. */
interface Pending {
  chatId: number | null;
  question: string;
  answer: string;
  tipo?: ChatAnswerKind;
}

const HEADER_HEIGHT = 60;
let localIds = 0;
/** Ids for messages this screen adds to the cache; negative so they never meet the server's. */
const localId = () => --localIds;

export default function ChatPage() {
  const { t } = useTranslation('chat');
  const session = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const activeId = Number(params.get('c')) || null;

  const isDesktop = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [historyOpen, setHistoryOpen] = useState(isDesktop);
  const [input, setInput] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const stopper = useRef<AbortController | null>(null);
  const busy = pending !== null;

  const history = useChatHistory();
  const chats = history.data?.pages.flatMap((page) => page.items) ?? [];
  const messages = useChatMessages(activeId);
  const rename = useRenameChat();
  const remove = useDeleteChat();
  const removeAll = useDeleteAllChats();

  const shown: ShownMessage[] = [...(activeId ? (messages.data ?? []) : [])];
  if (pending && pending.chatId === activeId) {
    const creado_en = new Date().toISOString();
    shown.push({ id_mensaje: 0, rol: 'user', contenido: pending.question, creado_en });
    shown.push({ id_mensaje: -0.5, rol: 'assistant', contenido: pending.answer, creado_en, ...(pending.tipo ? { tipo: pending.tipo } : {}) });
  }

  const openChat = (id: number | null) => {
    // The chat screen is one entry of the browser history, whichever conversation is open.
    setParams(id ? { c: String(id) } : {}, { replace: true });
    if (!isDesktop) setHistoryOpen(false);
  };

  /** The logo goes back where the user came from, or to their home when the chat was the first page. */
  const goBack = () => goBackOr(session ? HOME_BY_ROLE[session.payload.rol] : '/home');

  async function send(text: string) {
    const question = text.trim();
    if (!question || busy) return;
    setInput('');
    const controller = new AbortController();
    stopper.current = controller;
    let chatId = activeId;
    let answer = '';
    let tipo: ChatAnswerKind | undefined;
    let saved = true;
    setPending({ chatId, question, answer });
    try {
      await streamCompletion(
        { messages: [{ role: 'user', content: question }], ...(chatId ? { id_chat: chatId } : {}) },
        {
          signal: controller.signal,
          onEvent: (event) => {
            if (event.event === 'chat' && chatId === null) {
              chatId = event.data.id_chat;
              // A new conversation: it starts empty in the cache (the exchange is still pending) and opens.
              queryClient.setQueryData<ShownMessage[]>(chatMessagesKey(chatId), []);
              setPending({ chatId, question, answer });
              setParams({ c: String(chatId) }, { replace: true });
              void queryClient.invalidateQueries({ queryKey: CHAT_HISTORY_KEY });
            } else if (event.event === 'delta') {
              answer += event.data.content;
              setPending({ chatId, question, answer });
            } else if (event.event === 'fin') {
              answer = event.data.response;
              tipo = event.data.tipo;
            } else if (event.event === 'error') {
              answer = t('api:chat_error_conexion');
              tipo = 'error';
            }
          },
        },
      );
    } catch (error) {
      if (controller.signal.aborted) {
        // Stopped: the server keeps what it had produced; so does the screen.
      } else if (error instanceof ApiError && error.status !== 401) {
        // Refused before anything was saved (too many messages, a conversation deleted elsewhere…).
        saved = false;
        notifyError(error.message);
        setInput(question);
        if (error.status === 404) openChat(null);
      } else {
        answer = t('api:chat_error_conexion');
        tipo = 'error';
      }
    } finally {
      stopper.current = null;
    }
    if (saved && chatId !== null) {
      const creado_en = new Date().toISOString();
      const stopped = controller.signal.aborted;
      queryClient.setQueryData<ShownMessage[]>(chatMessagesKey(chatId), (old) => [
        ...(old ?? []),
        { id_mensaje: localId(), rol: 'user', contenido: question, creado_en },
        { id_mensaje: localId(), rol: 'assistant', contenido: answer, creado_en, ...(tipo ? { tipo } : {}), ...(stopped ? { detenido: true } : {}) },
      ]);
      void queryClient.invalidateQueries({ queryKey: CHAT_HISTORY_KEY });
    }
    setPending(null);
  }

  const onRename = (chat: ChatSummary, nombre_chat: string) => {
    rename.mutate({ id_chat: chat.id_chat, nombre_chat }, { onError: (error) => notifyError(error.message || t('rename_error')) });
  };

  const onDelete = async (chat: ChatSummary) => {
    if (!(await confirmAction(t('delete_confirm', { name: chat.nombre_chat }), { danger: true, confirmLabel: t('common:delete') }))) return;
    remove.mutate(chat.id_chat, {
      onSuccess: () => {
        notifySuccess(t('deleted'));
        if (chat.id_chat === activeId) openChat(null);
      },
      onError: () => notifyError(t('delete_error')),
    });
  };

  const onDeleteAll = async () => {
    if (!(await confirmAction(t('delete_all_confirm'), { danger: true, confirmLabel: t('delete_all') }))) return;
    removeAll.mutate(undefined, {
      onSuccess: ({ eliminados }) => {
        notifySuccess(t('deleted_all', { count: eliminados }));
        openChat(null);
      },
      onError: () => notifyError(t('delete_error')),
    });
  };

  const activeTitle = chats.find((chat) => chat.id_chat === activeId)?.nombre_chat;
  const HistoryIcon = historyOpen ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 300, breakpoint: 'sm', collapsed: { mobile: !historyOpen, desktop: !historyOpen } }}
      padding={0}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Tooltip label={historyOpen ? t('hide_history') : t('show_history')} openDelay={400}>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => setHistoryOpen((open) => !open)}
                aria-label={historyOpen ? t('hide_history') : t('show_history')}
                aria-expanded={historyOpen}
                aria-controls="chat-history"
              >
                <HistoryIcon size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <UnstyledButton onClick={goBack} aria-label={t('logo_back')} className={classes.logo}>
              <IconStethoscope size={26} aria-hidden />
              <Text fw={700} size="lg" component="span">
                Galeno
              </Text>
            </UnstyledButton>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Box visibleFrom="xs">
              <LanguageSelect />
            </Box>
            <ThemeToggle />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id="chat-history" aria-label={t('history')} inert={!historyOpen}>
        <ChatSidebar
          chats={chats}
          activeId={activeId}
          loading={history.isPending}
          failed={history.isError}
          busy={busy}
          hasMore={history.hasNextPage}
          loadingMore={history.isFetchingNextPage}
          onLoadMore={() => void history.fetchNextPage()}
          onNew={() => openChat(null)}
          onSelect={(chat) => openChat(chat.id_chat)}
          onRename={onRename}
          onDelete={(chat) => void onDelete(chat)}
          onDeleteAll={() => void onDeleteAll()}
        />
      </AppShell.Navbar>

      <AppShell.Main id="contenido" tabIndex={-1}>
        <div className={classes.screen}>
          <Box px="md" pt="sm">
            <Title order={1} size="h3">
              {t('title')}
            </Title>
            <Text size="sm" c="dimmed" truncate>
              {activeTitle ?? t('subtitle')}
            </Text>
            <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} mt="xs" p="xs" role="note">
              <Text size="sm">{t('notice')}</Text>
            </Alert>
          </Box>
          <MessageList
            messages={shown}
            streaming={busy}
            loading={activeId !== null && messages.isPending && !pending}
            failed={messages.isError}
            onSuggestion={(question) => void send(question)}
          />
          <Composer value={input} onChange={setInput} onSend={() => void send(input)} onStop={() => stopper.current?.abort()} busy={busy} />
        </div>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
