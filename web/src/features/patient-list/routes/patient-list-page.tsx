import { Alert, Button, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PacienteLista } from '../../../../../contracts/users.ts';
import { StackedTable } from '../../../components/data-table.tsx';
import { PageLoader } from '../../../components/layout/layouts.tsx';
import { ListPager } from '../../../components/list-pager.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { Page } from '../../../components/page.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { PATIENTS_PAGE_SIZE, usePatients } from '../api/patients.ts';
import { PatientDetailModal } from '../components/patient-detail-modal.tsx';

export default function PatientListPage() {
  const { t } = useTranslation('patient-list');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [buscar] = useDebouncedValue(search.trim(), 300);
  const patients = usePatients(buscar, page);
  const [selected, setSelected] = useState<PacienteLista | null>(null);
  const empty = t('common:empty_value');

  return (
    <Page size="lg" title={t('title')} intro={t('intro')}>
      <SearchBox
        label={t('search_label')}
        placeholder={t('search_placeholder')}
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      {patients.isError && (
        <Alert color="red" role="alert" mt="md">
          {t('common:load_error')}
        </Alert>
      )}
      {patients.isPending ? (
        <PageLoader />
      ) : (
        patients.data && (
          <>
            <StackedTable minWidth={600} mt="md" striped highlightOnHover verticalSpacing="sm" aria-busy={patients.isFetching}>
                <Table.Caption>{t('caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('col_name')}</Table.Th>
                    <Table.Th scope="col">{t('col_email')}</Table.Th>
                    <Table.Th scope="col">{t('col_phone')}</Table.Th>
                    <Table.Th scope="col">{t('col_actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {patients.data.items.map((patient) => (
                    <Table.Tr key={patient.id_paciente}>
                      <Table.Th scope="row" fw={500}>
                        {patient.nombre_completo}
                      </Table.Th>
                      <Table.Td style={{ overflowWrap: 'anywhere' }} data-label={t('col_email')}>
                        <EmailAddress email={patient.correo} />
                      </Table.Td>
                      <Table.Td data-label={t('col_phone')}>{patient.telefono || empty}</Table.Td>
                      <Table.Td>
                        <Button size="xs" variant="light" onClick={() => setSelected(patient)}>
                          {t('see_more')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
            </StackedTable>
            {patients.data.items.length === 0 && (
              <Text mt="md" role="status">
                {t('no_patients')}
              </Text>
            )}
            <ListPager
              page={page}
              pageSize={PATIENTS_PAGE_SIZE}
              total={patients.data.total}
              approximate={patients.data.approximate}
              onChange={setPage}
            />
          </>
        )
      )}
      <PatientDetailModal patient={selected} onClose={() => setSelected(null)} />
    </Page>
  );
}
