import { Alert, Anchor, Avatar, Group, Pagination, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useCompanyFollowers } from '../api/companies';
import { initials } from '@/shared/posts/format';

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
        {followers.data.data.map((u) => {
          const name = `${u.first_name} ${u.last_name}`.trim();
          return (
            <li key={u.id}>
              <Group gap="sm" wrap="nowrap">
                <Avatar src={u.profile_avatar} alt={u.profile_avatar ? t('followers.avatar', { name }) : undefined} radius="xl" aria-hidden={u.profile_avatar ? undefined : true}>
                  {initials(name)}
                </Avatar>
                <Anchor component={Link} to={paths.profileBySlug.href({ slug: u.slug })} style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Anchor>
              </Group>
            </li>
          );
        })}
      </Stack>
      {followers.data.meta.last_page > 1 ? (
        <Pagination aria-label={t('followers.pagination')} total={followers.data.meta.last_page} value={page} onChange={setPage} />
      ) : null}
    </Stack>
  );
}
