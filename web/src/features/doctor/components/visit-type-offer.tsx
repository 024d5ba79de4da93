import { Button, Checkbox, ColorSwatch, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../../../contracts/messages/languages.ts';
import { tipoNombre } from '../../../../../contracts/visit-types.ts';
import { ApiError } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSaveVisitTypeOffer, useVisitTypeOffer } from '../api/visit-type-offer.ts';

type Row = { offered: boolean; own: number | '' };

/** 'Tipos de visita que ofreces': which of the clinic's types the doctor sees patients for, and at what length. */
export function VisitTypeOffer() {
  const { t, i18n } = useTranslation('visit-types');
  const language = isLanguage(i18n.language) ? i18n.language : 'es';
  const offer = useVisitTypeOffer();
  const save = useSaveVisitTypeOffer();
  // The doctor's changes over what is saved; what is saved shows where nothing changed.
  const [edits, setRows] = useState<Record<number, Row>>({});
  const rows: Record<number, Row> = Object.fromEntries(
    (offer.data ?? []).map((tipo) => [tipo.id_tipo, edits[tipo.id_tipo] ?? { offered: tipo.ofrecido, own: tipo.duracion_propia ?? '' }]),
  );

  const submit = async () => {
    const tipos = Object.entries(rows)
      .filter(([, row]) => row.offered)
      .map(([id, row]) => ({ id_tipo: Number(id), duracion_min: row.own === '' ? null : row.own }));
    if (tipos.length === 0) {
      notifyError(t('offer_none'));
      return;
    }
    try {
      await save.mutateAsync({ tipos });
      setRows({});
      notifySuccess(t('offer_saved'));
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('save_failed'));
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="doctor-visit-types">
      <Title order={2} size="h3" id="doctor-visit-types">
        {t('offer_title')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        {t('offer_hint')}
      </Text>
      <Stack gap="sm">
        {offer.data?.map((tipo) => {
          const row = rows[tipo.id_tipo] ?? { offered: false, own: '' };
          const name = tipoNombre(tipo, language);
          return (
            <Group key={tipo.id_tipo} justify="space-between" align="flex-end" wrap="wrap" gap="xs">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <ColorSwatch color={tipo.color} size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Checkbox
                  label={name}
                  description={t('offer_clinic_length', { length: t('minutes', { count: tipo.duracion_min }) })}
                  checked={row.offered}
                  onChange={(event) => {
                    const offered = event.currentTarget.checked;
                    setRows((current) => ({ ...current, [tipo.id_tipo]: { ...row, offered } }));
                  }}
                />
              </Group>
              <NumberInput
                label={t('offer_own_length', { name })}
                value={row.own}
                onChange={(value) => setRows((current) => ({ ...current, [tipo.id_tipo]: { ...row, own: value === '' ? '' : Number(value) } }))}
                min={5}
                max={480}
                step={5}
                disabled={!row.offered}
                w={{ base: '100%', sm: 260 }}
              />
            </Group>
          );
        })}
      </Stack>
      <Button mt="md" onClick={() => void submit()} loading={save.isPending}>
        {t('offer_save')}
      </Button>
    </Paper>
  );
}
