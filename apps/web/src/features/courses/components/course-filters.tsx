import { COURSE_TYPES, type CourseType } from '@legenett/contracts';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toOptions, useChildReferenceList, useReferenceList } from '@/shared/reference/reference-lists';
import { IdFilterSelect, SearchFilterForm } from '@/shared/ui/search-filter-form';
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

  const idSelect = (
    name: 'speciality' | 'county' | 'city',
    label: string,
    data: { value: string; label: string }[],
  ) => (
    <IdFilterSelect
      label={label}
      placeholder={t('filters.any')}
      data={data}
      value={value[name]}
      // A county's cities: choosing another county clears the city.
      onChange={(id) => onChange({ ...value, [name]: id, ...(name === 'county' ? { city: undefined } : {}) })}
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
      onReset={() => onChange({ activeTab: value.activeTab })}
    >
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
    </SearchFilterForm>
  );
}
