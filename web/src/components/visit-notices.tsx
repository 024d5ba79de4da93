import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvisoCita } from '../../../contracts/notices.ts';
import { formatInstant } from '../lib/format.ts';
import { useVisitNotices } from '../lib/notices/visit-notices.ts';

const STATE_COLOR: Record<AvisoCita['estado'], string> = {
  pendiente: 'yellow',
  enviado: 'blue.9',
  entregado: 'teal.9',
  respondido: 'teal.9',
  fallido: 'red.9',
  cancelado: 'gray.7',
};

/** A kind or state word of the notices namespace; one the screen does not know is shown as stored. */
function useNoticeWord() {
  const { t, i18n } = useTranslation('notices');
  return (prefix: string, value: string) => (i18n.exists(`notices:${prefix}_${value}`) ? t(`${prefix}_${value}`) : value);
}

/** "Confirmed by the patient": the visit was confirmed through its one-tap link. */
export function ConfirmedByPatient() {
  const { t } = useTranslation('notices');
  return (
    <Badge variant="filled" tt="none" color="teal.9">
      {t('confirmed_by_patient')}
    </Badge>
  );
}

/**
 * The notices of a visit, for the desk and the doctor: what, when, by which channel, to whom and
 * what became of it. Read only when opened, so a screen's first load does not wait for them.
 */
export function VisitNotices({ id_cita }: { id_cita: number }) {
  const { t, i18n } = useTranslation('notices');
  const word = useNoticeWord();
  const [open, setOpen] = useState(false);
  const notices = useVisitNotices(id_cita, open);
  const listId = useId();
  return (
    <Stack gap={4} mt={4}>
      <Group>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconBell size={14} aria-hidden />}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('list_hide') : t('list_show')}
        </Button>
      </Group>
      {open && (
        <div id={listId} aria-label={t('list_title')} role="region">
          {notices.isPending ? (
            <Loader size="sm" aria-label={t('list_title')} />
          ) : notices.isError ? (
            <Alert color="red" role="alert">
              {t('common:load_error')}
            </Alert>
          ) : notices.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('list_empty')}
            </Text>
          ) : (
            <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
              {notices.data.map((notice) => (
                <Group component="li" key={notice.id_notificacion} gap="xs" wrap="wrap">
                  <Text size="sm" fw={500}>
                    {word('kind', notice.tipo)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(`channel_${notice.canal}`)} · {t(`to_${notice.destinatario}`)} · {formatInstant(notice.estado === 'pendiente' ? notice.enviar_en : (notice.enviado_en ?? notice.actualizado_en), i18n.language)}
                  </Text>
                  <Badge size="sm" variant="filled" tt="none" color={STATE_COLOR[notice.estado]}>
                    {word('state', notice.estado)}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </div>
      )}
    </Stack>
  );
}
