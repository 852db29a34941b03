import { type CategoryQuery, type referenceEndpoints } from '@legenett/contracts';

/** The reference lists with a parent (the cities of a county ...). */
export type ChildList = 'citiesOfCounty' | 'hospitalClinicsOfHospital' | 'departmentsOfHospitalClinic' | 'clinicsOfCity';
/** The reference lists without a parent (counties, hospitals, job categories ...). */
export type FlatList = Exclude<keyof typeof referenceEndpoints, ChildList | 'categories' | 'frontendSettings'>;
/** Categories come in kinds: companies, products, courses ... */
export type CategoryType = CategoryQuery['type'];

/** Every query key of the reference lists and the front page's settings. */
export const referenceKeys = {
  all: ['reference'] as const,
  list: (list: FlatList, locale: string) => [...referenceKeys.all, list, locale] as const,
  children: (list: ChildList, parentId: number | null, locale: string) => [...referenceKeys.all, list, parentId, locale] as const,
  categories: (type: CategoryType, locale: string) => [...referenceKeys.all, 'categories', type, locale] as const,
  /** The front page's settings (`frontend-settings.ts`: the home page reads them, the media admin changes them). */
  frontendSettings: ['reference', 'frontend-settings'] as const,
};
