import { COURSE_TYPES, type CourseType } from '@legenett/contracts';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toOptions, useChildReferenceList, useReferenceList } from '@/shared/reference/reference-lists';
import { type CourseFilterValues } from '../api/courses';

/** The catalogue's filters; every change goes to the URL. Search applies on Enter or after a pause. */
export function CourseFilters({
  value,
  onChange,
  showType,
}: {
  value: CourseFilterValues;
  onChange: (next: CourseFilterValues) => void;
  showType: boolean;
}) {
  const { t } = useTranslation('courses');
  const counties = useReferenceList('counties');
  const cities = useChildReferenceList('citiesOfCounty', value.county ?? null);
  const specialties = useReferenceList('specialties');
  const [search, setSearch] = useState(value.search ?? '');

  useEffect(() => setSearch(value.search ?? ''), [value.search]);
  useEffect(() => {
    if ((value.search ?? '') === search) return;
    const timer = setTimeout(() => onChange({ ...value, search: search || undefined }), 400);
    return () => clearTimeout(timer);
  }, [search, value, onChange]);

  const idSelect = (name: 'speciality' | 'county' | 'city', label: string, data: { value: string; label: string }[]) => (
    <Select
      label={label}
      placeholder={t('filters.any')}
      data={data}
      value={value[name] ? String(value[name]) : null}
      onChange={(v) =>
        onChange({ ...value, [name]: v ? Number(v) : undefined, ...(name === 'county' ? { city: undefined } : {}) })
      }
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
        {idSelect('county', t('filters.county'), toOptions(counties.data))}
        {idSelect('city', t('filters.city'), toOptions(cities.data))}
        {showType && (
          <Select
            label={t('filters.type')}
            placeholder={t('filters.any')}
            data={COURSE_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
            value={value.type ?? null}
            onChange={(v) => onChange({ ...value, type: (v as CourseType | null) ?? undefined })}
            clearable
          />
        )}
        <Group align="flex-end">
          <Button variant="default" onClick={() => onChange({ activeTab: value.activeTab })}>
            {t('filters.reset')}
          </Button>
        </Group>
      </SimpleGrid>
    </form>
  );
}
