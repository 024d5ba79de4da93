import { Alert, Badge, Container, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../../components/list-pager.tsx';
import { useRecordAccesses } from '../api/audit.ts';
import { actionLabel, formatInstant } from '../format.ts';

const PAGE_SIZE = 20;

/** 'Quién ha consultado mi historia': the patient sees who opened their record and when. */
export default function RecordAccessesPage() {
  const { t, i18n } = useTranslation('audit');
  const [pagina, setPagina] = useState(1);
  const accesses = useRecordAccesses(pagina, PAGE_SIZE);
  return (
    <Container size="md" py="xl">
      <Title order={1}>{t('accesses_title')}</Title>
      <Text c="dimmed" mt="xs">
        {t('accesses_intro')}
      </Text>
      {accesses.isError && (
        <Alert color="red" mt="md" role="alert">
          {t('common:load_error')}
        </Alert>
      )}
      <Stack mt="lg">
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('col_when')}</Table.Th>
              <Table.Th>{t('col_who')}</Table.Th>
              <Table.Th>{t('col_role')}</Table.Th>
              <Table.Th>{t('col_action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(accesses.data?.items ?? []).map((access, index) => (
              <Table.Tr key={`${access.creado_en}-${index}`}>
                <Table.Td>{formatInstant(access.creado_en, i18n.language)}</Table.Td>
                <Table.Td>{access.quien}</Table.Td>
                <Table.Td>{access.rol ? t(`common:role_${access.rol}`) : '-'}</Table.Td>
                <Table.Td>
                  {access.urgente && (
                    // Break the glass (decision 0055): marked so the patient notices it, with the reason given.
                    <Badge color="red.9" variant="filled" mr="xs" h="auto" maw="100%" styles={{ label: { overflow: 'visible', whiteSpace: 'normal', textOverflow: 'clip' } }}>
                      {t('urgent_badge')}
                    </Badge>
                  )}
                  {actionLabel(t, access.accion)}
                  {access.motivo && (
                    <Text size="sm" mt={4} style={{ wordBreak: 'break-word' }}>
                      {t('urgent_reason', { reason: access.motivo })}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {accesses.data && accesses.data.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>{t('accesses_empty')}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        <ListPager page={pagina} pageSize={PAGE_SIZE} total={accesses.data?.total ?? 0} onChange={setPagina} />
      </Stack>
    </Container>
  );
}
