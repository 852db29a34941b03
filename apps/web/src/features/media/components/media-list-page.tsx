import { type MediaKind, MediaListQuerySchema } from '@legenett/contracts';
import { Group, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveAlertButton } from '@/shared/alerts/save-alert-button';
import { useQueryParams } from '@/shared/lib/use-query-params';
import { PagedList } from '@/shared/ui/paged-list';
import { Page } from '@/shared/ui/page';
import { type MediaFilterValues } from '../api/keys';
import { useCaptionSearch, useMediaList } from '../api/media';
import { FilterDrawer } from '@/shared/ui/filter-drawer';
import { CaptionHits } from './caption-hits';
import { ContinueRow } from './continue-row';
import { MediaCard } from './media-card';
import { MediaFilters } from './media-filters';
import { PodcastFeedCard } from './podcast-feed-card';
import { ResumeSetting } from './resume-setting';

/** Reads the filters from the URL (`?categories=1,2&search=&direction=oldest&page=2`); invalid ones are dropped. */
function filtersOf(params: URLSearchParams): { filters: MediaFilterValues; page: number } {
  const raw = Object.fromEntries(
    [...params.entries()].filter(([k]) => ['categories', 'search', 'direction', 'page'].includes(k)),
  );
  const parsed = MediaListQuerySchema.safeParse(raw);
  const q = parsed.success ? parsed.data : MediaListQuerySchema.parse({});
  return {
    filters: { categories: q.categories ?? [], search: q.search || undefined, direction: q.direction },
    page: q.page,
  };
}

/** `/videos` and `/audio`: continue row, filters in the URL, the archive as cards with progress. */
export function MediaListPage({ kind }: { kind: MediaKind }) {
  const { t } = useTranslation('media');
  const [params, update] = useQueryParams();
  const { filters, page } = useMemo(() => filtersOf(params), [params]);
  const list = useMediaList(kind, filters, page);
  // "Nothing found" only when neither titles nor captions matched (the hits share this query).
  const captionHits = useCaptionSearch(kind, filters.search);
  const saidInCaptions = (captionHits.data?.length ?? 0) > 0;
  const title = kind === 'video' ? t('videos_title') : t('audio_title');

  const onFilters = useCallback(
    (next: MediaFilterValues) =>
      update({
        categories: next.categories.length > 0 ? next.categories.join(',') : null,
        search: next.search ?? null,
        direction: next.direction === 'recent' ? null : next.direction,
      }),
    [update],
  );

  return (
    <Page title={title} size="lg">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Text c="dimmed">{kind === 'video' ? t('videos_intro') : t('audio_intro')}</Text>
        {kind === 'video' && <SaveAlertButton draft={{ type: 'video', filters: { search: filters.search, categories: filters.categories } }} />}
      </Group>
      <ContinueRow kind={kind} />
      <FilterDrawer
        activeCount={[filters.search ? 1 : 0, filters.categories.length > 0 ? 1 : 0, filters.direction === 'oldest' ? 1 : 0].reduce((a, b) => a + b, 0)}
      >
        <MediaFilters kind={kind} value={filters} onChange={onFilters} />
      </FilterDrawer>
      <CaptionHits kind={kind} search={filters.search} />
      <PagedList
        query={list}
        label={title}
        empty={saidInCaptions ? t('empty_titles_caption_hits') : t('empty')}
        error={t('load_failed')}
        renderItem={(item) => <MediaCard item={item} />}
        itemKey={(item) => item.id}
        page={list.data?.meta.current_page ?? page}
        onPageChange={(p) => update({ page: p > 1 ? String(p) : null })}
        columns={2}
        footer={<ResumeSetting />}
      />
      {kind === 'audio' && <PodcastFeedCard />}
    </Page>
  );
}
