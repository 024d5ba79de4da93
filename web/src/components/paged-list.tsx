import { Alert, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from './layout/layouts.tsx';
import { ListPager } from './list-pager.tsx';

interface PagedListProps<T> {
  /** The query of the page shown. */
  list: UseQueryResult<{ items: T[]; total: number; approximate: boolean }>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Said when the page has no items. */
  emptyText: string;
  /** The page's items, as a table. */
  children: (items: T[]) => ReactNode;
}

/**
 * A server-paged list under its search box: the load error, a loader until the first page comes,
 * then the page's items, a note when there are none, and the pager.
 */
export function PagedList<T>({ list, page, pageSize, onPage, emptyText, children }: PagedListProps<T>) {
  const { t } = useTranslation('common');
  return (
    <>
      {list.isError && (
        <Alert color="red" role="alert" mt="md">
          {t('load_error')}
        </Alert>
      )}
      {list.isPending ? (
        <PageLoader />
      ) : (
        list.data && (
          <>
            {children(list.data.items)}
            {list.data.items.length === 0 && (
              <Text mt="md" role="status">
                {emptyText}
              </Text>
            )}
            <ListPager
              page={page}
              pageSize={pageSize}
              total={list.data.total}
              approximate={list.data.approximate}
              onChange={onPage}
            />
          </>
        )
      )}
    </>
  );
}
