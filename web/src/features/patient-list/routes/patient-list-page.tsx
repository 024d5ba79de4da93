import { Button, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PacienteLista } from '../../../../../contracts/users.ts';
import { StackedTable } from '../../../components/data-table.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { Page } from '../../../components/page.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { useListSearch } from '../../../lib/use-list-search.ts';
import { PATIENTS_PAGE_SIZE, usePatients } from '../api/patients.ts';
import { PatientDetailModal } from '../components/patient-detail-modal.tsx';
import { phoneForReading } from '../../../lib/clinic.ts';

export default function PatientListPage() {
  const { t } = useTranslation('patient-list');
  const { search, setSearch, buscar, page, setPage } = useListSearch(300);
  const patients = usePatients(buscar, page);
  const [selected, setSelected] = useState<PacienteLista | null>(null);
  const empty = t('common:empty_value');

  return (
    <Page size="lg" title={t('title')} intro={t('intro')}>
      <SearchBox label={t('search_label')} placeholder={t('search_placeholder')} value={search} onChange={setSearch} />
      <PagedList
        list={patients}
        page={page}
        pageSize={PATIENTS_PAGE_SIZE}
        onPage={setPage}
        emptyText={t('no_patients')}
      >
        {(items) => (
          <StackedTable
            minWidth={600}
            mt="md"
            busy={patients.isFetching}
            caption={t('caption')}
            headers={[t('col_name'), t('col_email'), t('col_phone'), t('col_actions')]}
          >
            {items.map((patient) => (
              <Table.Tr key={patient.id_paciente}>
                <Table.Th scope="row" fw={500}>
                  {patient.nombre_completo}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }} data-label={t('col_email')}>
                  <EmailAddress email={patient.correo} />
                </Table.Td>
                <Table.Td data-label={t('col_phone')}>{patient.telefono ? phoneForReading(patient.telefono) : empty}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" onClick={() => setSelected(patient)}>
                    {t('see_more')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </StackedTable>
        )}
      </PagedList>
      <PatientDetailModal patient={selected} onClose={() => setSelected(null)} />
    </Page>
  );
}
