import { Alert, Button, Container, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields.tsx';
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
        <DateField label={t('filter_from')} value={desde} onChange={resetPage(setDesde)} clearable />
        <DateField label={t('filter_to')} value={hasta} onChange={resetPage(setHasta)} clearable />
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
        <Table.ScrollContainer minWidth={800}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('col_when')}</Table.Th>
                <Table.Th>{t('col_user')}</Table.Th>
                <Table.Th>{t('col_role')}</Table.Th>
                <Table.Th>{t('col_patient')}</Table.Th>
                <Table.Th>{t('col_action')}</Table.Th>
                <Table.Th>{t('col_detail')}</Table.Th>
                <Table.Th>{t('col_ip')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(log.data?.items ?? []).map((entry) => (
                <Table.Tr key={entry.id_auditoria}>
                  <Table.Td>{formatInstant(entry.creado_en, i18n.language)}</Table.Td>
                  <Table.Td>{entry.usuario ?? '-'}</Table.Td>
                  <Table.Td>{entry.rol ? t(`common:role_${entry.rol}`) : '-'}</Table.Td>
                  <Table.Td>{entry.paciente ?? '-'}</Table.Td>
                  <Table.Td>{actionLabel(t, entry.accion)}</Table.Td>
                  <Table.Td>{entry.detalle ?? '-'}</Table.Td>
                  <Table.Td>{entry.ip ?? '-'}</Table.Td>
                </Table.Tr>
              ))}
              {log.data && log.data.items.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>{t('empty')}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPager page={pagina} pageSize={PAGE_SIZE} total={log.data?.total ?? 0} onChange={setPagina} />
      </Stack>
    </Container>
  );
}
