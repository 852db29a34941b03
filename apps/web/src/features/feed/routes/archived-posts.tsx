import { Alert, Pagination, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { ApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { Page } from '@/shared/ui/page';
import { useArchivedPosts } from '@/shared/posts/api';
import { PostCard } from '@/shared/posts/post-card';

function ArchivedList({ slug }: { slug: string }) {
  const { t } = useTranslation('feed');
  const [page, setPage] = useState(1);
  const query = useArchivedPosts(slug, page);
  if (query.isPending) return <Skeleton h={160} />;
  if (query.isError) {
    const forbidden = query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404);
    return <Alert color={forbidden ? 'yellow' : 'red'}>{forbidden ? t('archived.forbidden') : t('load_error')}</Alert>;
  }
  const { data, meta } = query.data;
  if (data.length === 0) return <Alert variant="light">{t('archived.empty')}</Alert>;
  return (
    <Stack gap="md">
      <Stack component="ul" aria-label={t('archived.list')} gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {data.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </Stack>
      {meta.last_page > 1 ? <Pagination aria-label={t('archived.pagination')} total={meta.last_page} value={page} onChange={setPage} /> : null}
    </Stack>
  );
}

/** `/archived_posts/:slug`: my archived posts, from where they can be restored or deleted. */
export function Component() {
  const { t } = useTranslation('feed');
  const { slug } = useParams();
  if (!slug) return <Navigate to={paths.notFound.path} replace />;
  return (
    <Page title={t('archived.title')}>
      <ArchivedList key={slug} slug={slug} />
    </Page>
  );
}
