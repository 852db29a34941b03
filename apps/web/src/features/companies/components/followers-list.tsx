import { Alert, Pagination, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserCardRow } from '@/shared/network/components';
import { useCompanyFollowers } from '../api/companies';

/** A company's followers, newest first, a page at a time; each links to the member's profile. */
export function FollowersList({ slug }: { slug: string }) {
  const { t } = useTranslation('companies_ui');
  const [page, setPage] = useState(1);
  const followers = useCompanyFollowers(slug, page);

  if (followers.isPending) return <Skeleton h={120} />;
  if (followers.isError) return <Alert color="red">{t('directory.load_error')}</Alert>;
  if (followers.data.data.length === 0) return <Alert variant="light">{t('followers.empty')}</Alert>;
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('followers.list')}>
        {followers.data.data.map((u) => (
          <li key={u.id}>
            <UserCardRow user={u} />
          </li>
        ))}
      </Stack>
      {followers.data.meta.last_page > 1 ? (
        <Pagination aria-label={t('followers.pagination')} total={followers.data.meta.last_page} value={page} onChange={setPage} />
      ) : null}
    </Stack>
  );
}
