import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { ApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { Page } from '@/shared/ui/page';
import { PagedList } from '@/shared/ui/paged-list';
import { useArchivedPosts } from '@/shared/posts/api';
import { PostCard } from '@/shared/posts/post-card';

function ArchivedList({ slug }: { slug: string }) {
  const { t } = useTranslation('feed');
  const [page, setPage] = useState(1);
  const query = useArchivedPosts(slug, page);
  // Someone else's archive is the page's own refusal; every other state is the list's.
  if (query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404)) {
    return <Alert color="yellow">{t('archived.forbidden')}</Alert>;
  }
  return (
    <PagedList
      query={query}
      label={t('archived.list')}
      empty={t('archived.empty')}
      error={t('load_error')}
      paginationLabel={t('archived.pagination')}
      renderItem={(post) => <PostCard post={post} />}
      itemKey={(post) => post.id}
      page={page}
      onPageChange={setPage}
    />
  );
}

/** `/archived_posts/:slug`: my archived posts, from where they can be restored or deleted. */
export function ArchivedPostsPage() {
  const { t } = useTranslation('feed');
  const { slug } = useParams();
  if (!slug) return <Navigate to={paths.notFound.path} replace />;
  return (
    <Page title={t('archived.title')}>
      <ArchivedList key={slug} slug={slug} />
    </Page>
  );
}
