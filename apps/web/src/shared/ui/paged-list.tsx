import { type PageMeta } from '@legenett/contracts';
import { Alert, Box, Group, Pagination, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What PagedList reads of a query for a paginated endpoint (`{ data, meta }`). */
export interface PagedQuery<T> {
  data?: { data: readonly T[]; meta: PageMeta } | undefined;
  isPending: boolean;
  isError: boolean;
}

export interface PagedListProps<T> {
  query: PagedQuery<T>;
  /** The list's accessible name. */
  label: string;
  /** Shown when there is nothing on the page. */
  empty: ReactNode;
  /** Shown when the list could not load; a general message by default. */
  error?: ReactNode;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => Key;
  /** The page shown as current; with `usePageParam()` it lives in the URL. */
  page: number;
  onPageChange: (page: number) => void;
  /** The pagination's accessible name, when "Pages" is not enough. */
  paginationLabel?: string;
  /** Two columns from the `sm` breakpoint (cards), instead of one. */
  columns?: 1 | 2;
  /** Beside the pagination once the list has loaded, e.g. "show old jobs". */
  footer?: ReactNode;
}

/**
 * The one paginated list: loading, error and empty states, the items as a named list, and pagination
 * whose buttons have names in the user's language. Copy a screen that uses it (marketplace-list.tsx).
 */
export function PagedList<T>({
  query,
  label,
  empty,
  error,
  renderItem,
  itemKey,
  page,
  onPageChange,
  paginationLabel,
  columns = 1,
  footer,
}: PagedListProps<T>) {
  const { t } = useTranslation();

  if (query.isError) {
    return <Alert color="red">{error ?? t('paged_list.load_error')}</Alert>;
  }
  if (query.isPending || !query.data) {
    return (
      <Box aria-busy="true">
        <VisuallyHidden role="status">{t('loading')}</VisuallyHidden>
        <Skeleton h={120} />
      </Box>
    );
  }

  const { data: items, meta } = query.data;
  const listStyle = { listStyle: 'none' } as const;
  const children = items.map((item) => <li key={itemKey(item)}>{renderItem(item)}</li>);
  const pagination =
    meta.last_page > 1 ? (
      <nav aria-label={paginationLabel ?? t('paged_list.pagination')}>
        <Pagination
          total={meta.last_page}
          value={page}
          onChange={onPageChange}
          getControlProps={(control) =>
            control === 'previous'
              ? { 'aria-label': t('paged_list.previous') }
              : control === 'next'
                ? { 'aria-label': t('paged_list.next') }
                : {}
          }
          getItemProps={(n) => ({ 'aria-label': t('paged_list.page', { page: n }) })}
        />
      </nav>
    ) : null;

  return (
    <Stack gap="sm">
      {items.length === 0 ? (
        <Alert variant="light">{empty}</Alert>
      ) : columns === 2 ? (
        <SimpleGrid
          component="ul"
          aria-label={label}
          cols={{ base: 1, sm: 2 }}
          spacing="sm"
          p={0}
          m={0}
          style={listStyle}
        >
          {children}
        </SimpleGrid>
      ) : (
        <Stack component="ul" aria-label={label} gap="sm" p={0} m={0} style={listStyle}>
          {children}
        </Stack>
      )}
      {pagination || footer ? (
        <Group justify="space-between">
          {pagination}
          {footer}
        </Group>
      ) : null}
    </Stack>
  );
}
