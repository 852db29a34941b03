import { type PageMeta } from '@legenett/contracts';
import { Alert, Box, Group, Pagination, SimpleGrid, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
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
  /**
   * Items the API appends after the current ones (ended events): drawn apart, as a second named
   * list under their own heading, the order kept. `noneCurrent` says so when the page has only those.
   */
  ended?: {
    is: (item: T) => boolean;
    heading: (count: number) => string;
    noneCurrent: ReactNode;
  };
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
  ended,
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

  const { data: all, meta } = query.data;
  const listStyle = { listStyle: 'none' } as const;
  const items = ended ? all.filter((item) => !ended.is(item)) : all;
  const past = ended ? all.filter((item) => ended.is(item)) : [];
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
      {items.length === 0 && past.length > 0 ? (
        <Alert variant="light">{ended?.noneCurrent}</Alert>
      ) : items.length === 0 ? (
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
      {ended && past.length > 0 ? (
        <Stack component="section" gap="sm" mt="md" pt="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Title order={2} size="h4">
            {ended.heading(past.length)}
          </Title>
          <Stack component="ul" aria-label={ended.heading(past.length)} gap="sm" p={0} m={0} style={listStyle}>
            {past.map((item) => (
              <li key={itemKey(item)}>{renderItem(item)}</li>
            ))}
          </Stack>
        </Stack>
      ) : null}
      {pagination || footer ? (
        <Group justify="space-between">
          {pagination}
          {footer}
        </Group>
      ) : null}
    </Stack>
  );
}
