import { Anchor, Group, Loader, Pagination, Paper, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { MY_PATIENTS_PAGE, useMyPatients } from '../api/get-my-patients.ts';

/**
 * The doctor's own patients (an appointment or a consultation with them), searched by name; or, on
 * request, every patient of the clinic, whose record opens after a stated reason (break the glass).
 */
export function PatientChooser() {
  const { t } = useTranslation('records');
  const [search, setSearch] = useState('');
  const [pagina, setPagina] = useState(1);
  const [all, setAll] = useState(false);
  const [buscar] = useDebouncedValue(search, 250);
  const patients = useMyPatients(buscar, pagina, !all);
  const pages = Math.max(1, Math.ceil((patients.data?.total ?? 0) / MY_PATIENTS_PAGE));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="mis-pacientes">
      <Title order={2} size="h3" id="mis-pacientes">
        {t('choose_title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('choose_help')}
      </Text>
      <TextInput
        label={t('search_label')}
        placeholder={t('search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPagina(1);
        }}
        mb="sm"
      />
      <Switch
        label={t('show_all')}
        description={t('show_all_help')}
        checked={all}
        onChange={(event) => {
          setAll(event.currentTarget.checked);
          setPagina(1);
        }}
        mb="md"
      />
      {patients.isPending ? (
        <Loader size="sm" aria-label={t('common:loading')} />
      ) : patients.isError ? (
        <Text role="alert">{t('load_error')}</Text>
      ) : patients.data.items.length === 0 ? (
        <Text>{t('no_patients')}</Text>
      ) : (
        <DataTable
          rows={patients.data.items}
          rowKey={(patient) => patient.id_paciente}
          columns={[
            { label: t('col_name'), cell: (patient) => patient.nombre },
            { label: t('col_email'), cell: (patient) => patient.correo },
            {
              label: t('col_actions'),
              cell: (patient) => (
                <Anchor component={Link} to={`?paciente=${patient.id_paciente}`} aria-label={t('open_named', { patient: patient.nombre })}>
                  {t('open')}
                </Anchor>
              ),
            },
          ]}
        />
      )}
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={pages} value={pagina} onChange={setPagina} />
        </Group>
      )}
    </Paper>
  );
}
