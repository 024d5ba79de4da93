import { Badge, Button, ColorInput, ColorSwatch, Group, Modal, NumberInput, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESERVA_TIPO, tipoNombre, type ReservaTipo, type TipoVisita } from '../../../../../contracts/visit-types.ts';
import { isLanguage } from '../../../../../contracts/messages/languages.ts';
import { ApiError } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useVisitTypes } from '../../../lib/visit-types/get-visit-types.ts';
import { useSaveVisitType } from '../api/save-visit-type.ts';
import { SettingsSection } from './settings-section.tsx';

type Draft = {
  id_tipo?: number;
  nombre_es: string;
  nombre_ca: string;
  nombre_en: string;
  duracion_min: number;
  color: string;
  reserva: ReservaTipo;
  instrucciones: string;
  margen_min: number;
  activo: boolean;
};

const EMPTY: Draft = {
  nombre_es: '',
  nombre_ca: '',
  nombre_en: '',
  duracion_min: 30,
  color: '#1c7ed6',
  reserva: 'todos',
  instrucciones: '',
  margen_min: 0,
  activo: true,
};

const draftOf = (tipo: TipoVisita): Draft => ({
  id_tipo: tipo.id_tipo,
  nombre_es: tipo.nombre_es,
  nombre_ca: tipo.nombre_ca,
  nombre_en: tipo.nombre_en,
  duracion_min: tipo.duracion_min,
  color: tipo.color,
  reserva: tipo.reserva,
  instrucciones: tipo.instrucciones ?? '',
  margen_min: tipo.margen_min,
  activo: tipo.activo,
});

/** 'Tipos de visita': the clinic's catalogue; each type's length, colour, who books it online and its instructions. */
export function VisitTypesSection() {
  const { t, i18n } = useTranslation('visit-types');
  const language = isLanguage(i18n.language) ? i18n.language : 'es';
  const types = useVisitTypes();
  const save = useSaveVisitType();
  const [draft, setDraft] = useState<Draft | null>(null);

  const length = (tipo: Pick<TipoVisita, 'duracion_min' | 'margen_min'>) =>
    tipo.margen_min > 0
      ? t('with_buffer', { length: t('minutes', { count: tipo.duracion_min }), buffer: t('minutes', { count: tipo.margen_min }) })
      : t('minutes', { count: tipo.duracion_min });

  const submit = async () => {
    if (!draft) return;
    try {
      await save.mutateAsync({ ...draft, instrucciones: draft.instrucciones.trim() || undefined });
      notifySuccess(t('saved'));
      setDraft(null);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('save_failed'));
    }
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => (current ? { ...current, [key]: value } : current));

  return (
    <SettingsSection id="clinic-visit-types" title={t('section_title')} hint={t('section_hint')}>
      <Stack gap="xs" mt="md" component="ul" aria-label={t('list_label')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {types.data?.map((tipo) => (
          <Group key={tipo.id_tipo} component="li" justify="space-between" wrap="wrap" gap="xs">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <ColorSwatch color={tipo.color} size={18} aria-hidden style={{ flexShrink: 0 }} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {tipoNombre(tipo, language)}{' '}
                  {!tipo.activo && (
                    <Badge size="sm" variant="light" color="gray">
                      {t('inactive')}
                    </Badge>
                  )}
                </Text>
                <Text size="sm" c="dimmed">
                  {length(tipo)} · {t(`booking_${tipo.reserva}`)}
                </Text>
              </Stack>
            </Group>
            <Button
              size="compact-sm"
              variant="default"
              style={{ flexShrink: 0 }}
              leftSection={<IconPencil size={14} aria-hidden />}
              aria-label={t('edit_named', { name: tipoNombre(tipo, language) })}
              onClick={() => setDraft(draftOf(tipo))}
            >
              {t('edit')}
            </Button>
          </Group>
        ))}
      </Stack>
      <Button mt="md" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDraft({ ...EMPTY })}>
        {t('add')}
      </Button>

      <Modal
        opened={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.id_tipo === undefined ? t('form_new') : t('form_edit')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        {draft && (
          <Stack gap="sm">
            <TextInput label={t('name_es')} value={draft.nombre_es} onChange={(e) => set('nombre_es', e.currentTarget.value)} maxLength={60} required />
            <TextInput label={t('name_ca')} value={draft.nombre_ca} onChange={(e) => set('nombre_ca', e.currentTarget.value)} maxLength={60} required />
            <TextInput label={t('name_en')} value={draft.nombre_en} onChange={(e) => set('nombre_en', e.currentTarget.value)} maxLength={60} required />
            <Group grow align="flex-start" wrap="wrap">
              <NumberInput label={t('length')} value={draft.duracion_min} onChange={(value) => set('duracion_min', Number(value) || 0)} min={5} max={480} step={5} required />
              <NumberInput
                label={t('buffer')}
                description={t('buffer_hint')}
                value={draft.margen_min}
                onChange={(value) => set('margen_min', Number(value) || 0)}
                min={0}
                max={120}
                step={5}
              />
            </Group>
            <ColorInput label={t('colour')} value={draft.color} onChange={(value) => set('color', value)} format="hex" withEyeDropper={false} required />
            <Select
              label={t('booking')}
              value={draft.reserva}
              onChange={(value) => value && set('reserva', value)}
              data={RESERVA_TIPO.map((reserva) => ({ value: reserva, label: t(`booking_${reserva}`) }))}
              allowDeselect={false}
            />
            <Textarea
              label={t('instructions')}
              description={t('instructions_hint')}
              value={draft.instrucciones}
              onChange={(e) => set('instrucciones', e.currentTarget.value)}
              maxLength={300}
              autosize
              minRows={2}
            />
            <Switch label={t('active')} checked={draft.activo} onChange={(e) => set('activo', e.currentTarget.checked)} />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => setDraft(null)}>
                {t('cancel')}
              </Button>
              <Button onClick={() => void submit()} loading={save.isPending}>
                {t('save')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </SettingsSection>
  );
}
