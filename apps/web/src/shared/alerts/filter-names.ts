import { type ReferenceItem } from '@legenett/contracts';
import { useTranslation } from 'react-i18next';
import { useReferenceList } from '@/shared/reference/reference-lists';
import { type AlertDraft } from './draft';

/** The saved search's filters by name ("Vestland", "Fastlege"), and how many could not be named here (cities, video categories). */
export type FilterNames = { names: string[]; unnamed: number };

const nameOf = (list: ReferenceItem[] | undefined, id: number) => list?.find((item) => item.id === id)?.name;

/**
 * Names the draft's filters from the reference lists the list pages use (cached, localised by the API),
 * and the fixed values (a workplace, a course type) from their feature's catalogue.
 */
export function useFilterNames(draft: AlertDraft): FilterNames {
  const { t: jobs } = useTranslation('jobs');
  const { t: courses } = useTranslation('courses');
  const counties = useReferenceList('counties');
  const specialties = useReferenceList('specialties');
  const jobCategories = useReferenceList('jobCategories');
  const names: (string | undefined)[] = [];
  let unnamed = 0;
  const add = (name: string | undefined) => (name ? names.push(name) : unnamed++);
  switch (draft.type) {
    case 'job': {
      const f = draft.filters;
      if (f.county !== undefined) add(nameOf(counties.data, f.county));
      if (f.speciality !== undefined) add(nameOf(specialties.data, f.speciality));
      if (f.category !== undefined) add(nameOf(jobCategories.data, f.category));
      if (f.workplace !== undefined) add(jobs(`workplace.${f.workplace}`));
      break;
    }
    case 'course': {
      const f = draft.filters;
      for (const id of f.counties ?? []) add(nameOf(counties.data, id));
      for (const id of f.specialities ?? []) add(nameOf(specialties.data, id));
      unnamed += (f.cities ?? []).length;
      if (f.type !== undefined) add(courses(`type.${f.type}`));
      break;
    }
    case 'petition':
      for (const id of draft.filters.petitionSpecialties ?? []) add(nameOf(specialties.data, id));
      break;
    case 'video':
      unnamed += (draft.filters.categories ?? []).length;
      break;
  }
  return { names: names.filter((n): n is string => n !== undefined), unnamed };
}
