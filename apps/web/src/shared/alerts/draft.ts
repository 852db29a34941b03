import { type Alert, type AlertInput, type AlertType } from '@legenett/contracts';
import { paths } from '@/shared/config/paths';

type WithoutNameAndFrequency<T> = T extends unknown ? Omit<T, 'name' | 'frequency'> : never;

/** What a list page saves: its type and its current filters (the name and how often come from the dialog). */
export type AlertDraft = WithoutNameAndFrequency<AlertInput>;

/** The list page an alert watches, with its filters in the URL as that page reads them. */
export function searchHref(alert: Alert | AlertDraft): string {
  const q = new URLSearchParams();
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') q.set(key, String(value));
  };
  let base: string;
  switch (alert.type) {
    case 'job': {
      const f = alert.filters;
      base = paths.jobs.href();
      set('search', f.search);
      set('speciality', f.speciality);
      set('workplace', f.workplace);
      set('county', f.county);
      set('category', f.category);
      break;
    }
    case 'course': {
      const f = alert.filters;
      base = paths.webinars.href();
      set('search', f.search);
      set('filterBySpeciality', f.specialities?.[0]);
      set('filterByCounty', f.counties?.[0]);
      set('filterByCity', f.cities?.[0]);
      set('type', f.type);
      break;
    }
    case 'petition': {
      const f = alert.filters;
      base = paths.petitions.href();
      set('search', f.search);
      if (f.petitionSpecialties && f.petitionSpecialties.length > 0) set('petitionSpecialties', f.petitionSpecialties.join(','));
      break;
    }
    case 'video': {
      const f = alert.filters;
      base = paths.videos.href();
      set('search', f.search);
      if (f.categories && f.categories.length > 0) set('categories', f.categories.join(','));
      break;
    }
  }
  const query = q.toString();
  return query ? `${base}?${query}` : base;
}

export const ALERT_TYPES_IN_ORDER: readonly AlertType[] = ['job', 'course', 'petition', 'video'];
