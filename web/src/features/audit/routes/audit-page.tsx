import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields.tsx';
import { ListPager } from '../../../components/list-pager.tsx';
import { Page } from '../../../components/page.tsx';
import { useAuditActions, useAuditLog } from '../api/audit.ts';
import { useClinic } from '../../../lib/clinic.ts';
import { actionLabel, detailText, sentenceOf } from '../format.ts';
import classes from './audit-page.module.css';

const PAGE_SIZE = 25;
/** Break the glass: the statements of a reason, one click away. */
const URGENT = 'acceso_urgente.declarar';

/** The admin's audit screen: who read or changed clinical data and accounts, filtered and paged. */
export default function AuditPage() {
  const { t, i18n } = useTranslation('audit');
  const clinic = useClinic();
  const [usuario, setUsuario] = useState('');
  const [paciente, setPaciente] = useState('');
  const [accion, setAccion] = useState('');
  const [desde, setDesde] = useState('');
  const [hasta, setHasta] = useState('');
  const [pagina, setPagina] = useState(1);
  const [debounced] = useDebouncedValue({ usuario, paciente }, 300);
  const actions = useAuditActions();
  const log = useAuditLog({
    usuario: debounced.usuario || undefined,
    paciente: debounced.paciente || undefined,
    accion: accion || undefined,
    desde: desde || undefined,
    hasta: hasta || undefined,
    pagina,
    por_pagina: PAGE_SIZE,
  });
  const resetPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPagina(1);
    };

  return (
    <Page size="xl" title={t('title')} intro={t('intro')}>
      <Group mt="lg" align="end" gap="sm" className={classes.filters}>
        <TextInput
          label={t('filter_user')}
          value={usuario}
          onChange={(e) => resetPage(setUsuario)(e.currentTarget.value)}
        />
        <TextInput
          label={t('filter_patient')}
          value={paciente}
          onChange={(e) => resetPage(setPaciente)(e.currentTarget.value)}
        />
        <NativeSelect
          label={t('filter_action')}
          value={accion}
          onChange={(e) => resetPage(setAccion)(e.currentTarget.value)}
          data={[
            { value: '', label: t('all_actions') },
            ...(actions.data ?? []).map((value) => ({ value, label: actionLabel(t, value) })),
          ]}
        />
        <DateField label={t('filter_from')} value={desde} onChange={resetPage(setDesde)} clearable />
        <DateField label={t('filter_to')} value={hasta} onChange={resetPage(setHasta)} clearable />
        <Button
          variant={accion === URGENT ? 'filled' : 'default'}
          color="red.9"
          onClick={() => resetPage(setAccion)(URGENT)}
        >
          {t('urgent_filter')}
        </Button>
        <Button
          variant="default"
          onClick={() => {
            setUsuario('');
            setPaciente('');
            setAccion('');
            setDesde('');
            setHasta('');
            setPagina(1);
          }}
        >
          {t('clear')}
        </Button>
      </Group>
      {log.isError && (
        <Alert color="red" mt="md" role="alert">
          {t('common:load_error')}
        </Alert>
      )}
      <Stack mt="lg" gap="sm">
        <Stack
          component="ol"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('entries')}
          aria-busy={log.isFetching}
        >
          {(log.data?.items ?? []).map((entry) => (
            <Paper component="li" key={entry.id_auditoria} withBorder radius="sm" px="md" py="xs">
              <Text>{sentenceOf(entry, i18n, clinic.zona_horaria, 'admin')}</Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[
                  entry.usuario && t('meta_user', { user: entry.usuario }),
                  entry.detalle && t('meta_detail', { detail: detailText(t, { accion: entry.accion, detalle: entry.detalle }) }),
                  entry.ip && t('meta_ip', { ip: entry.ip }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Paper>
          ))}
        </Stack>
        {log.data && log.data.items.length === 0 && <Text>{t('empty')}</Text>}
        <ListPager page={pagina} pageSize={PAGE_SIZE} total={log.data?.total ?? 0} onChange={setPagina} />
      </Stack>
    </Page>
  );
}
