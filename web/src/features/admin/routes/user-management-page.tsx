import { Button, Group, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { StackedTable } from '../../../components/data-table.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { PageLoader } from '../../../components/layout/layouts.tsx';
import { Page } from '../../../components/page.tsx';
import { useSession } from '../../../lib/session.ts';
import { useListSearch } from '../../../lib/use-list-search.ts';
import { useSpecialties } from '../api/specialties.ts';
import { USERS_PAGE_SIZE, useUsers } from '../api/users.ts';
import { UserRow } from '../components/user-row.tsx';

// The form (and its password rules) loads when an admin opens it, not with the list.
const ReceptionAccountForm = lazy(() =>
  import('../components/reception-account-form.tsx').then((module) => ({ default: module.ReceptionAccountForm })),
);

export default function UserManagementPage() {
  const { t } = useTranslation('admin');
  const session = useSession();
  const { search, setSearch, buscar, page, setPage } = useListSearch(300);
  const users = useUsers(buscar, page);
  const specialties = useSpecialties();
  const [addingReception, reception] = useDisclosure(false);

  return (
    <Page size="lg" title={t('users_title')} intro={t('users_intro')}>
      <Group justify="flex-end" mb="sm">
        <Button leftSection={<IconUserPlus size={18} aria-hidden />} variant="light" onClick={reception.open}>
          {t('reception_new')}
        </Button>
      </Group>
      <Modal opened={addingReception} onClose={reception.close} title={t('reception_new')} size="lg" closeButtonProps={{ 'aria-label': t('common:close') }}>
        <Suspense fallback={<PageLoader />}>
          <ReceptionAccountForm onDone={reception.close} />
        </Suspense>
      </Modal>
      <SearchBox
        label={t('users_search_label')}
        placeholder={t('users_search_placeholder')}
        value={search}
        onChange={setSearch}
      />
      <PagedList list={users} page={page} pageSize={USERS_PAGE_SIZE} onPage={setPage} emptyText={t('no_users')}>
        {(items) => (
          <StackedTable
            minWidth={900}
            mt="md"
            busy={users.isFetching}
            caption={t('users_caption')}
            headers={[t('col_id'), t('col_name'), t('col_email'), t('col_role'), t('col_extra'), t('col_actions')]}
          >
            {items.map((user) => (
              // The key includes what the server says, so a saved row starts from the new values.
              <UserRow
                key={`${user.id_usuario}-${user.rol}-${user.numero_colegiado ?? ''}-${user.id_especialidad ?? ''}`}
                user={user}
                specialties={specialties.data ?? []}
                isSelf={user.id_usuario === session?.payload.id_usuario}
              />
            ))}
          </StackedTable>
        )}
      </PagedList>
    </Page>
  );
}
