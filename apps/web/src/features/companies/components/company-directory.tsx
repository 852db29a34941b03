import { Alert, Anchor, Button, Card, Group, MultiSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageParam, useQueryParams } from '@/shared/lib/use-query-params';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { paths } from '@/shared/config/paths';
import { useCategories } from '@/shared/reference/reference-lists';
import { PagedList } from '@/shared/ui/paged-list';
import { useCompanies } from '../api/companies';
import { createRefusal, idsOf } from './access';
import { CompanyCard } from './company-card';
import { CompanyLogo } from './company-logo';

/** The companies I manage (my business profiles), each with its page and its manage screen. */
function MyCompanies() {
  const { t } = useTranslation('companies_ui');
  const user = useCurrentUser();
  const mine = user?.available_business_profiles ?? [];
  if (mine.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-companies-heading">
      <Title order={2} size="h3" id="my-companies-heading">
        {t('directory.mine_title')}
      </Title>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('directory.mine_list')}>
        {mine.map((c) => (
          <li key={c.id}>
            <Card withBorder padding="sm">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <CompanyLogo name={c.name} logo={c.logo} size={40} />
                  <Anchor component={Link} to={paths.company.href({ slug: c.slug })} fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {c.name}
                  </Anchor>
                </Group>
                <Button
                  component={Link}
                  to={paths.companyManage.href({ id: c.id })}
                  variant="light"
                  size="xs"
                  aria-label={t('directory.manage_named', { name: c.name })}
                >
                  {t('directory.manage')}
                </Button>
              </Group>
            </Card>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** `/profile_company`: every published company (and unpublished ones I manage); name, categories and page live in the URL. */
export function CompanyDirectory() {
  const { t } = useTranslation('companies_ui');
  const user = useCurrentUser();
  const [params, update] = useQueryParams();
  const name = params.get('name') ?? '';
  const categories = idsOf(params.get('categories'));
  const [page, setPage] = usePageParam();
  const [nameText, setNameText] = useState(name);
  const companies = useCompanies({ name, categories, page });
  const categoryList = useCategories('company');

  const searchLater = useDebouncedCallback((value: string) => update({ name: value.trim() }), 300);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Alert variant="light" color="blue" style={{ flex: '1 1 260px' }}>
          {t('directory.intro')}
        </Alert>
        {createRefusal(user) === null ? (
          <Button component={Link} to={paths.companyManage.href({ id: null })}>
            {t('directory.create')}
          </Button>
        ) : null}
      </Group>

      <MyCompanies />

      <Stack gap="sm" role="search" aria-label={t('directory.filters')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="search"
            label={t('directory.search')}
            placeholder={t('directory.search_placeholder')}
            value={nameText}
            onChange={(e) => {
              setNameText(e.currentTarget.value);
              searchLater(e.currentTarget.value);
            }}
          />
          <MultiSelect
            label={t('directory.categories')}
            placeholder={categories.length === 0 ? t('directory.categories_placeholder') : undefined}
            data={(categoryList.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={categories.map(String)}
            onChange={(v) => update({ categories: v.join(',') })}
            searchable
            clearable
          />
        </SimpleGrid>
      </Stack>

      <PagedList
        query={companies}
        label={t('directory.list')}
        empty={t('directory.empty')}
        error={t('directory.load_error')}
        renderItem={(c) => <CompanyCard company={c} />}
        itemKey={(c) => c.id}
        page={page}
        onPageChange={setPage}
        paginationLabel={t('directory.pagination')}
        columns={2}
      />
    </Stack>
  );
}
