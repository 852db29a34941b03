import {
  ACCOUNT_STATUSES,
  type AccountStatus,
  AccountStatusSchema,
  type AdminUser,
} from '@legenett/contracts';
import {
  Anchor,
  Button,
  Card,
  Drawer,
  Group,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterTabs } from '@/shared/ui/filter-tabs';
import { PagedList } from '@/shared/ui/paged-list';
import { useLocale } from '@/shared/i18n/use-locale';
import { useQueryParams } from '@/shared/lib/use-query-params';
import { useAdminUsers } from '../api/get-admin-users';
import { AccountActions } from './account-actions';
import { formatDate } from '@/shared/lib/dates';
import { fullName } from './format';
import { HprSummary } from './hpr-lookup';
import { UserDetail } from './user-detail';

const positiveInt = (value: string | null): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The approval queue: one tab per status (awaiting approval first), a search on name and e-mail,
 * and the account's details in a drawer. Tab, page, search and open account live in the URL.
 */
export function UsersQueue() {
  const { t } = useTranslation('admin');
  const [params, update] = useQueryParams();
  const parsedStatus = AccountStatusSchema.safeParse(params.get('status'));
  const status: AccountStatus = parsedStatus.success ? parsedStatus.data : 'awaiting_approval';
  const page = positiveInt(params.get('page')) ?? 1;
  const openId = positiveInt(params.get('user'));
  const searched = params.get('search') ?? '';
  const [search, setSearch] = useState(searched);

  // Opening or closing an account keeps the page the list is on.
  const keepPage = { page: page === 1 ? null : String(page) };

  const applySearch = useDebouncedCallback(
    (text: string) => update({ search: text.trim(), page: null }),
    300,
  );

  const users = useAdminUsers({ status, page, search: searched || undefined });

  return (
    <Stack gap="md">
      <FilterTabs
        value={status}
        tabs={ACCOUNT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        onChange={(v) => update({ status: v === 'awaiting_approval' ? null : v, page: null, user: null })}
        label={t('users.status_tabs')}
      >
        <Stack gap="md">
          <TextInput
            type="search"
            label={t('users.search_label')}
            placeholder={t('users.search_placeholder')}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              applySearch(e.currentTarget.value);
            }}
            maxLength={100}
          />

          <PagedList
            query={users}
            label={t('users.list_label')}
            empty={searched ? t('users.empty_search') : t('users.empty')}
            error={
              <Group justify="space-between">
                <Text size="sm">{t('users.load_error')}</Text>
                <Button size="xs" variant="default" onClick={() => void users.refetch()}>
                  {t('users.retry')}
                </Button>
              </Group>
            }
            renderItem={(user) => <UserRow user={user} onOpen={() => update({ user: String(user.id), ...keepPage })} />}
            itemKey={(user) => user.id}
            page={page}
            onPageChange={(p) => update({ page: p === 1 ? null : String(p) })}
            paginationLabel={t('pagination')}
          />
        </Stack>
      </FilterTabs>

      <Drawer
        opened={openId !== null}
        onClose={() => update({ user: null, ...keepPage })}
        position="right"
        size="lg"
        title={t('detail.title')}
        closeButtonProps={{ 'aria-label': t('detail.close') }}
      >
        {openId !== null && <UserDetail id={openId} />}
      </Drawer>
    </Stack>
  );
}

function UserRow({ user, onOpen }: { user: AdminUser; onOpen: () => void }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const name = fullName(user);
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Anchor
              component="button"
              type="button"
              fw={600}
              onClick={onOpen}
              aria-label={t('users.open', { name })}
            >
              {name}
            </Anchor>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          </div>
          <Text size="xs" c="dimmed">
            {t('users.registered', { date: formatDate(user.created_at, locale) })}
          </Text>
        </Group>
        <HprSummary hpr={user.hpr} />
        <AccountActions user={user} size="xs" />
      </Stack>
    </Card>
  );
}
