import { type ProductListQuery } from '@legenett/contracts';

/** Every query key of the marketplace feature (the only place they are written). */
export const productKeys = {
  all: ['products'] as const,
  list: (query: ProductListQuery, locale: string) => ['products', 'list', query, locale] as const,
  mine: (page: number, locale: string) => ['products', 'mine', page, locale] as const,
  one: (id: number, mine: boolean, locale: string) => ['products', mine ? 'mine-one' : 'one', id, locale] as const,
};
