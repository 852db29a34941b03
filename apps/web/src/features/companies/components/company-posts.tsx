import { Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PostCard } from '@/shared/posts/post-card';
import { PagedList } from '@/shared/ui/paged-list';
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
      <PagedList
        query={posts}
        label={t('posts.list', { name: companyName })}
        empty={t(search ? 'posts.empty_search' : 'posts.empty')}
        error={t('directory.load_error')}
        paginationLabel={t('posts.pagination')}
        renderItem={(p) => <PostCard post={p} />}
        itemKey={(p) => p.id}
        page={page}
        onPageChange={setPage}
      />
    </Stack>
  );
}
