import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../lib/format.ts';
import { recordKeys } from '../api/keys.ts';

/**
 * A record opened under break the glass says until when, and that everything done
 * under it is recorded. At that moment the record is read again: the server, which decides, then
 * refuses it and the screen asks for a reason once more, instead of leaving the record on screen.
 */
export function EmergencyAccessNotice({ idPaciente, until }: { idPaciente: number; until: string }) {
  const { t } = useTranslation('records');
  const queryClient = useQueryClient();
  useEffect(() => {
    // At most BREAK_GLASS_HOURS (24 at most) ahead: well within what a timer can wait.
    const left = new Date(until).getTime() - Date.now();
    const timer = setTimeout(() => void queryClient.resetQueries({ queryKey: recordKeys.record(idPaciente) }), left);
    return () => clearTimeout(timer);
  }, [idPaciente, until, queryClient]);
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
      {t('emergency_until', { when: formatInstant(until) })}
    </Alert>
  );
}
