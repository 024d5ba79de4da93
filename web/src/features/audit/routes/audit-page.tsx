import { Alert, Button, Container, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntradaAuditoria } from '../../../../../contracts/audit.ts';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { ListPager } from '../../../components/list-pager.tsx';
import { useAuditActions, useAuditLog } from '../api/audit.ts';
import { actionLabel, formatInstant } from '../format.ts';

const PAGE_SIZE = 25;

/** The admin's audit screen: who read or changed clinical data and accounts, filtered and paged. */
export default function AuditPage() {
  const { t, i18n } = useTranslation('audit');
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
  const resetPage = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPagina(1);
  };
  const columns: DataColumn<EntradaAuditoria>[] = [
    { label: t('col_when'), cell: (entry) => formatInstant(entry.creado_en, i18n.language) },
    { label: t('col_user'), cell: (entry) => entry.usuario ?? '-' },
    { label: t('col_role'), cell: (entry) => (entry.rol ? t(`common:role_${entry.rol}`) : '-') },
    { label: t('col_patient'), cell: (entry) => entry.paciente ?? '-' },
    { label: t('col_action'), cell: (entry) => actionLabel(t, entry.accion) },
    { label: t('col_detail'), cell: (entry) => entry.detalle ?? '-' },
    { label: t('col_ip'), cell: (entry) => entry.ip ?? '-' },
  ];

  return (
    <Container size="xl" py="xl">
      <Title order={1}>{t('title')}</Title>
      <Text c="dimmed" mt="xs">
        {t('intro')}
      </Text>
      <Group mt="lg" align="end" gap="sm">
        <TextInput label={t('filter_user')} value={usuario} onChange={(e) => resetPage(setUsuario)(e.currentTarget.value)} />
        <TextInput label={t('filter_patient')} value={paciente} onChange={(e) => resetPage(setPaciente)(e.currentTarget.value)} />
        <NativeSelect
          label={t('filter_action')}
          value={accion}
          onChange={(e) => resetPage(setAccion)(e.currentTarget.value)}
          data={[{ value: '', label: t('all_actions') }, ...(actions.data ?? []).map((value) => ({ value, label: actionLabel(t, value) }))]}
        />
        <TextInput type="date" label={t('filter_from')} value={desde} onChange={(e) => resetPage(setDesde)(e.currentTarget.value)} />
        <TextInput type="date" label={t('filter_to')} value={hasta} onChange={(e) => resetPage(setHasta)(e.currentTarget.value)} />
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
        <DataTable
          rows={log.data?.items ?? []}
          columns={columns}
          rowKey={(entry) => entry.id_auditoria}
          minWidth={800}
          table={{ striped: true, highlightOnHover: true }}
          emptyRow={log.data ? t('empty') : undefined}
        />
        <ListPager page={pagina} pageSize={PAGE_SIZE} total={log.data?.total ?? 0} onChange={setPagina} />
      </Stack>
    </Container>
  );
}
