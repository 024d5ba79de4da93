import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SECCIONES, type Seccion } from '../../../../../contracts/records.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { formatIso } from '../../../lib/calendar.ts';
import { storedWordLabel } from '../../../lib/format.ts';
import { EntryModal } from './entry-modal.tsx';
import { asText, SECTION_FIELDS, type FieldDef } from './section-fields.ts';

type Entry = Record<string, unknown>;

interface ClinicalSectionProps {
  idPaciente: number;
  section: Seccion;
  entries: Entry[];
}

/** One section of the file (allergies, diseases…) as a table, with Add and a Correct button per entry. */
export function ClinicalSection({ idPaciente, section, entries }: ClinicalSectionProps) {
  const { t } = useTranslation('records');
  const [editing, setEditing] = useState<Entry | 'new' | null>(null);
  const fields = SECTION_FIELDS[section];
  const headingId = `seccion-${section}`;

  const shown = (field: FieldDef, value: unknown) => {
    if (field.kind === 'checkbox') return value ? t('yes') : t('no');
    const text = asText(value);
    if (text === '') return t('empty_value');
    if (field.kind === 'date') return formatIso(text, { dateStyle: 'medium' });
    if (field.kind === 'number') return `${text} %`;
    return storedWordLabel(text);
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id={headingId}>
          {t(`section_${section}`)}
        </Title>
        <Button size="xs" variant="default" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setEditing('new')}>
          {t(`add_${section}`)}
        </Button>
      </Group>
      {entries.length === 0 ? (
        <Text>{t('no_entries')}</Text>
      ) : (
        <DataTable
          rows={entries}
          rowKey={(entry) => asText(entry[SECCIONES[section].id])}
          minWidth={500}
          columns={[
            ...fields.map((field) => ({ key: field.name, label: t(`field_${field.name}`), cell: (entry: Entry) => shown(field, entry[field.name]) })),
            {
              label: t('col_actions'),
              cell: (entry: Entry) => (
                <Button
                  size="xs"
                  variant="default"
                  aria-label={t('correct_named', { name: asText(entry[fields[0]?.name ?? 'nombre']) })}
                  onClick={() => setEditing(entry)}
                >
                  {t('correct')}
                </Button>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <EntryModal idPaciente={idPaciente} section={section} entry={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </Paper>
  );
}
