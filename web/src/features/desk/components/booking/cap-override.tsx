import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITES_FORZABLES } from '../../../../../../contracts/desk-booking.ts';
import { ApiError } from '../../../../lib/api.ts';

/** Whether a refusal is one of the caps the desk may pass with a reason (decision #36). */
export const isCapRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && (LIMITES_FORZABLES as readonly string[]).includes(error.code);

interface CapOverrideProps {
  refusal: ApiError;
  pending: boolean;
  submitLabel: string;
  onOverride: (motivo: string) => void;
}

/** The cap the patient would pass, in the server's words, and the way past it: a reason, which is kept and audited. */
export function CapOverride({ refusal, pending, submitLabel, onOverride }: CapOverrideProps) {
  const { t } = useTranslation('desk-booking');
  const [motivo, setMotivo] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Stack gap="sm" component="section" aria-label={t('cap_title')}>
      {/* The light variant's yellow title is too pale for AA contrast: the title takes the text colour. */}
      <Alert color="yellow" title={t('cap_title')} role="alert" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
        {refusal.message}
      </Alert>
      <TextInput
        label={t('cap_reason')}
        description={t('cap_reason_hint')}
        value={motivo}
        maxLength={300}
        required
        error={missing ? t('validation:recepcion_motivo_limite_requerido') : undefined}
        onChange={(event) => {
          setMotivo(event.currentTarget.value);
          setMissing(false);
        }}
      />
      <Button
        loading={pending}
        onClick={() => {
          if (motivo.trim() === '') setMissing(true);
          else onOverride(motivo.trim());
        }}
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}
