import { Alert, Pagination, Skeleton, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PostCard } from '@/shared/posts/post-card';
import { useCompanyPosts } from '../api/companies';

/** The company's posts, newest first, with a text search and pages. */
export function CompanyPosts({ slug, companyName }: { slug: string; companyName: string }) {
  const { t } = useTranslation('companies_ui');
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [page, setPage] = useState(1);
  const posts = useCompanyPosts(slug, search, page);

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('posts.search')}
        placeholder={t('posts.search_placeholder')}
        value={searchText}
        onChange={(e) => {
          setSearchText(e.currentTarget.value);
          setPage(1);
        }}
      />
      {posts.isPending ? (
        <Skeleton h={140} />
      ) : posts.isError ? (
        <Alert color="red">{t('directory.load_error')}</Alert>
      ) : posts.data.data.length === 0 ? (
        <Alert variant="light">{t(search ? 'posts.empty_search' : 'posts.empty')}</Alert>
      ) : (
        <>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('posts.list', { name: companyName })}>
            {posts.data.data.map((p) => (
              <li key={p.id}>
                <PostCard post={p} />
              </li>
            ))}
          </Stack>
          {posts.data.meta.last_page > 1 ? (
            <Pagination aria-label={t('posts.pagination')} total={posts.data.meta.last_page} value={page} onChange={setPage} />
          ) : null}
        </>
      )}
    </Stack>
  );
}
