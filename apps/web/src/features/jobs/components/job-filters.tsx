import { JOB_WORKPLACE_TYPES } from '@legenett/contracts';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type JobFilterValues } from '../api/keys';
import { toOptions, useReferenceList } from '@/shared/reference/reference-lists';
import { IdFilterSelect, SearchFilterForm } from '@/shared/ui/search-filter-form';

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

  const idSelect = (
    name: 'speciality' | 'county' | 'category',
    label: string,
    data: { value: string; label: string }[],
  ) => (
    <IdFilterSelect
      label={label}
      placeholder={t('filters.any')}
      data={data}
      value={value[name]}
      onChange={(id) => onChange({ ...value, [name]: id })}
    />
  );

  return (
    <SearchFilterForm
      label={t('filters.label')}
      search={value.search}
      onSearch={(search) => onChange({ ...value, search })}
      searchLabel={t('filters.search')}
      searchPlaceholder={t('filters.search_placeholder')}
      resetLabel={t('filters.reset')}
      onReset={() => onChange({})}
    >
      {idSelect('speciality', t('filters.speciality'), toOptions(specialties.data))}
      <Select
        label={t('filters.workplace')}
        placeholder={t('filters.any')}
        data={JOB_WORKPLACE_TYPES.map((w) => ({ value: w, label: t(`workplace.${w}`) }))}
        value={value.workplace ?? null}
        onChange={(v) => onChange({ ...value, workplace: (v as JobFilterValues['workplace']) ?? undefined })}
        clearable
      />
      {idSelect('county', t('filters.county'), toOptions(counties.data))}
      {idSelect('category', t('filters.category'), toOptions(categories.data))}
    </SearchFilterForm>
  );
}
