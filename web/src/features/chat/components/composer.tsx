import { Button, Group, Textarea } from '@mantine/core';
import { IconPlayerStopFilled, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX } from '../../../../../contracts/chat.ts';
import classes from './chat-page.module.css';

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  busy: boolean;
}

/** The question box: Enter sends, Shift+Enter adds a line; Send is off while an answer is written, Stop is on. */
export function Composer({ value, onChange, onSend, onStop, busy }: ComposerProps) {
  const { t } = useTranslation('chat');
  return (
    <form
      className={classes.composer}
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          aria-label={t('input_label')}
          placeholder={t('input_placeholder')}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              onSend();
            }
          }}
          disabled={busy}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={CHAT_MESSAGE_MAX}
          style={{ flex: 1 }}
        />
        {busy && (
          <Button color="red" variant="light" onClick={onStop} leftSection={<IconPlayerStopFilled size={16} aria-hidden />}>
            {t('stop')}
          </Button>
        )}
        <Button type="submit" disabled={busy} leftSection={<IconSend size={16} aria-hidden />}>
          {t('send')}
        </Button>
      </Group>
    </form>
  );
}
