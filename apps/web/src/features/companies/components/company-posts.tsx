import { type CompanyPost } from '@legenett/contracts';
import { Alert, Anchor, Avatar, Card, Group, Pagination, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useLocale } from '@/shared/i18n/use-locale';
import { useCompanyPosts } from '../api/companies';
import { initials } from './access';

function formatTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'no' ? 'nb-NO' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * One company post as `/partner-company-posts/:slug` answers it (text and counts; no attachments or
 * like state): the full post, with likes and comments, opens on its own page.
 */
function CompanyPostItem({ post, companyName }: { post: CompanyPost; companyName: string }) {
  const { t } = useTranslation('companies_ui');
  const locale = useLocale();
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`company-post-${post.id}`}>
      <Stack gap="sm">
        <Group wrap="nowrap" gap="sm">
          <Avatar radius="xl" color="teal" aria-hidden>
            {initials(companyName)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text component="h3" id={`company-post-${post.id}`} fw={600} size="md" m={0} style={{ overflowWrap: 'anywhere' }}>
              {companyName}
            </Text>
            <Text size="xs" c="dimmed" component="time" dateTime={post.created_at}>
              {formatTime(post.created_at, locale)}
            </Text>
          </Stack>
        </Group>
        {post.body ? <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{post.body}</Text> : null}
        <Group gap="md" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('posts.likes', { count: post.likes_count })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('posts.comments', { count: post.comments_count })}
          </Text>
          <Anchor component={Link} to={paths.post.href({ id: post.id })} size="sm">
            {t('posts.open')}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

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
                <CompanyPostItem post={p} companyName={companyName} />
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
