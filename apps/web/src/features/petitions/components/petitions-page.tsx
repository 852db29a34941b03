import { PETITION_STATUS_FILTERS, PetitionListQuerySchema } from '@legenett/contracts';
import { Button, Group, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { SaveAlertButton } from '@/shared/alerts/save-alert-button';
import { useQueryParams } from '@/shared/lib/use-query-params';
import { toOptions, useReferenceList } from '@/shared/reference/reference-lists';
import { FilterDrawer } from '@/shared/ui/filter-drawer';
import { FilterTabs } from '@/shared/ui/filter-tabs';
import { PagedList } from '@/shared/ui/paged-list';
import { Page } from '@/shared/ui/page';
import { PETITION_TABS, type PetitionFilterValues, type PetitionTab } from '../api/keys';
import { usePetitions } from '../api/petitions';
import { PetitionCard } from './petition-card';

const isTab = (v: string | null): v is PetitionTab => (PETITION_TABS as readonly string[]).includes(v ?? '');

/** Tab, filters and page from the URL; anything invalid is dropped rather than sent. */
function stateOf(params: URLSearchParams): { tab: PetitionTab; filters: PetitionFilterValues; page: number } {
  const raw = {
    search: params.get('search') ?? undefined,
    petitionSpecialties: params.get('petitionSpecialties') ?? undefined,
    petitionStatus: params.get('petitionStatus') ?? undefined,
    page: params.get('page') ?? undefined,
  };
  const parsed = PetitionListQuerySchema.safeParse(raw);
  const q = parsed.success ? parsed.data : PetitionListQuerySchema.parse({});
  const tab = params.get('tab');
  return {
    tab: isTab(tab) ? tab : 'all',
    filters: {
      search: q.search || undefined,
      petitionSpecialties: q.petitionSpecialties,
      petitionStatus: q.petitionStatus,
    },
    page: q.page,
  };
}

/** Statuses each tab may filter by (drafts and archived are tabs of their own). */
const STATUSES: Record<PetitionTab, readonly string[]> = {
  all: ['active', 'finished', 'closed'],
  saved: ['active', 'finished', 'closed', 'archived'],
  my: ['active', 'finished', 'closed'],
  drafts: [],
  archived: [],
};

/** `/petitions`: tabs all, saved, my, drafts and archived, each with its filters in the URL. */
export function PetitionsPage() {
  const { t } = useTranslation('petitions');
  const [params, update] = useQueryParams();
  const { tab, filters, page } = useMemo(() => stateOf(params), [params]);
  const petitions = usePetitions(tab, filters, page);
  const specialties = useReferenceList('specialties');
  const [search, setSearch] = useState(filters.search ?? '');

  // The search field writes the URL after a pause in typing.
  useEffect(() => {
    const handle = setTimeout(() => {
      if ((filters.search ?? '') !== search.trim()) update({ search: search.trim() || null });
    }, 400);
    return () => clearTimeout(handle);
  }, [search, filters.search, update]);

  const statuses = STATUSES[tab].filter((s) => (PETITION_STATUS_FILTERS as readonly string[]).includes(s));

  return (
    <Page title={t('title')} size="lg">
      <Group justify="flex-end" mb="sm" gap="xs">
        <SaveAlertButton draft={{ type: 'petition', filters: { search: filters.search, petitionSpecialties: filters.petitionSpecialties ?? [] } }} />
        <Button component={Link} to={paths.petitionCreate.href()}>
          {t('create')}
        </Button>
      </Group>
      <FilterTabs
        value={tab}
        tabs={PETITION_TABS.map((key) => ({ value: key, label: t(`tabs.${key}`) }))}
        onChange={(v) => update({ tab: v === 'all' ? null : v, petitionStatus: null })}
        label={t('tabs.label')}
        mb="md"
      >
        <FilterDrawer
          activeCount={[filters.search, filters.petitionSpecialties?.length ? 1 : undefined, filters.petitionStatus].filter((v) => v !== undefined && v !== null).length}
        >
        <SimpleGrid cols={{ base: 1, sm: statuses.length > 0 ? 3 : 2 }} mb="md">
          <TextInput
            label={t('filters.search')}
            placeholder={t('filters.search_placeholder')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            type="search"
          />
          <MultiSelect
            label={t('filters.specialties')}
            data={toOptions(specialties.data)}
            value={(filters.petitionSpecialties ?? []).map(String)}
            onChange={(v) => update({ petitionSpecialties: v.length > 0 ? v.join(',') : null })}
            searchable
            clearable
          />
          {statuses.length > 0 && (
            <Select
              label={t('filters.status')}
              placeholder={t('filters.any_status')}
              data={statuses.map((s) => ({ value: s, label: t(`status.${s as 'active'}`) }))}
              value={filters.petitionStatus ?? null}
              onChange={(v) => update({ petitionStatus: v })}
              clearable
            />
          )}
        </SimpleGrid>
        </FilterDrawer>
        <PagedList
          query={petitions}
          label={t(`tabs.${tab}`)}
          empty={t('empty')}
          error={t('load_failed')}
          renderItem={(p) => <PetitionCard petition={p} />}
          itemKey={(p) => p.id}
          page={petitions.data?.meta.current_page ?? page}
          onPageChange={(p) => update({ page: p > 1 ? String(p) : null })}
        />
      </FilterTabs>
    </Page>
  );
}
