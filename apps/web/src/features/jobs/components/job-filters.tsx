import { JOB_WORKPLACE_TYPES } from '@legenett/contracts';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type JobFilterValues } from '../api/jobs';
import { toOptions, useReferenceList } from '@/shared/reference/reference-lists';

/** The board's filters; every change goes to the URL (shareable). Search applies on Enter or after a pause. */
export function JobFilters({
  value,
  onChange,
}: {
  value: JobFilterValues;
  onChange: (next: JobFilterValues) => void;
}) {
  const { t } = useTranslation('jobs');
  const counties = useReferenceList('counties');
  const specialties = useReferenceList('specialties');
  const categories = useReferenceList('jobCategories');
  const [search, setSearch] = useState(value.search ?? '');

  useEffect(() => setSearch(value.search ?? ''), [value.search]);
  useEffect(() => {
    if ((value.search ?? '') === search) return;
    const timer = setTimeout(() => onChange({ ...value, search: search || undefined }), 400);
    return () => clearTimeout(timer);
  }, [search, value, onChange]);

  const idSelect = (
    name: 'speciality' | 'county' | 'category',
    label: string,
    data: { value: string; label: string }[],
  ) => (
    <Select
      label={label}
      placeholder={t('filters.any')}
      data={data}
      value={value[name] ? String(value[name]) : null}
      onChange={(v) => onChange({ ...value, [name]: v ? Number(v) : undefined })}
      searchable
      clearable
    />
  );

  return (
    <form
      role="search"
      aria-label={t('filters.label')}
      onSubmit={(ev) => {
        ev.preventDefault();
        onChange({ ...value, search: search || undefined });
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mb="md">
        <TextInput
          label={t('filters.search')}
          placeholder={t('filters.search_placeholder')}
          value={search}
          onChange={(ev) => setSearch(ev.currentTarget.value)}
          type="search"
        />
        {idSelect('speciality', t('filters.speciality'), toOptions(specialties.data))}
        <Select
          label={t('filters.workplace')}
          placeholder={t('filters.any')}
          data={JOB_WORKPLACE_TYPES.map((w) => ({ value: w, label: t(`workplace.${w}`) }))}
          value={value.workplace ?? null}
          onChange={(v) =>
            onChange({ ...value, workplace: (v as JobFilterValues['workplace']) ?? undefined })
          }
          clearable
        />
        {idSelect('county', t('filters.county'), toOptions(counties.data))}
        {idSelect('category', t('filters.category'), toOptions(categories.data))}
        <Group align="flex-end">
          <Button variant="default" onClick={() => onChange({})}>
            {t('filters.reset')}
          </Button>
        </Group>
      </SimpleGrid>
    </form>
  );
}
