import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserCardRow } from '@/shared/network/user-card-row';
import { PagedList } from '@/shared/ui/paged-list';
import { useCompanyFollowers } from '../api/companies';

/** A company's followers, newest first, a page at a time; each links to the member's profile. */
export function FollowersList({ slug }: { slug: string }) {
  const { t } = useTranslation('companies_ui');
  // A tab of the manage page: the page is its own, not the URL's.
  const [page, setPage] = useState(1);
  const followers = useCompanyFollowers(slug, page);
  return (
    <PagedList
      query={followers}
      label={t('followers.list')}
      empty={t('followers.empty')}
      error={t('directory.load_error')}
      paginationLabel={t('followers.pagination')}
      renderItem={(u) => <UserCardRow user={u} />}
      itemKey={(u) => u.id}
      page={page}
      onPageChange={setPage}
    />
  );
}
