import { Box, Button, Group, Loader, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCalendarPlus, IconPhoneCall } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import type { ShownMessage } from '../api/chat-messages.ts';
import classes from './chat-page.module.css';
import { MessageContent } from './message-content.tsx';

interface MessageListProps {
  messages: ShownMessage[];
  /** The answer being written, when there is one. */
  streaming: boolean;
  loading: boolean;
  failed: boolean;
  onSuggestion: (question: string) => void;
}

function Message({ message, streaming }: { message: ShownMessage; streaming: boolean }) {
  const { t } = useTranslation('chat');
  const emergency = message.tipo === 'emergencia';
  return (
    <Box className={classes.message} data-role={message.rol} data-tipo={message.tipo}>
      <VisuallyHidden>{message.rol === 'user' ? t('you') : t('assistant')}:</VisuallyHidden>
      {emergency && (
        <Group gap={6} mb={4}>
          <ThemeIcon color="red" variant="light" size="sm" aria-hidden>
            <IconAlertTriangle size={14} />
          </ThemeIcon>
          <Text fw={700} c="var(--mantine-color-red-text)" size="sm">
            {t('emergency_label')}
          </Text>
        </Group>
      )}
      {message.contenido ? <MessageContent text={message.contenido} /> : null}
      {emergency && !streaming && (
        <Group gap="xs" mt="sm" role="group" aria-label={t('emergency_actions')}>
          <Button
            component="a"
            href="tel:112"
            color="red"
            size="sm"
            leftSection={<IconPhoneCall size={16} aria-hidden />}
          >
            {t('emergency_call')}
          </Button>
          <Button
            component={Link}
            to="/pedir-cita"
            variant="default"
            size="sm"
            leftSection={<IconCalendarPlus size={16} aria-hidden />}
          >
            {t('emergency_book')}
          </Button>
        </Group>
      )}
      {streaming && !message.contenido && <Loader type="dots" size="sm" aria-label={t('thinking')} />}
      {message.detenido && (
        <Text size="xs" c="dimmed" fs="italic">
          {t('stopped')}
        </Text>
      )}
    </Box>
  );
}

/** The conversation: the messages, the answer as it is written, or a welcome with example questions. */
export function MessageList({ messages, streaming, loading, failed, onSuggestion }: MessageListProps) {
  const { t } = useTranslation('chat');
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, last?.contenido]);

  return (
    // Focusable so keyboard users can scroll a long conversation.
    <div className={classes.messages} role="log" aria-label={t('conversation')} aria-busy={streaming} tabIndex={0}>
      {loading ? (
        <Loader aria-label={t('common:loading')} />
      ) : failed ? (
        <Text c="var(--mantine-color-red-text)">{t('common:load_error')}</Text>
      ) : messages.length === 0 ? (
        <Stack align="center" ta="center" mt="xl" gap="sm">
          <Title order={2} size="h3">
            {t('welcome_title')}
          </Title>
          <Text c="dimmed">{t('welcome_text')}</Text>
          <Group justify="center" gap="xs" role="group" aria-label={t('suggestions_label')}>
            {(['suggestion_1', 'suggestion_2', 'suggestion_3'] as const).map((key) => (
              <Button key={key} variant="default" size="xs" onClick={() => onSuggestion(t(key))}>
                {t(key)}
              </Button>
            ))}
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          {messages.map((message, index) => (
            <Message
              key={message.id_mensaje}
              message={message}
              streaming={streaming && index === messages.length - 1}
            />
          ))}
        </Stack>
      )}
      <div ref={end} />
    </div>
  );
}
