import { type PetitionListQuery } from '@legenett/contracts';

/** The tabs of `/petitions`: which list and which status each reads. */
export const PETITION_TABS = ['all', 'saved', 'my', 'drafts', 'archived'] as const;
export type PetitionTab = (typeof PETITION_TABS)[number];

export type PetitionFilterValues = Pick<
  PetitionListQuery,
  'search' | 'petitionSpecialties' | 'petitionStatus'
>;

/** Query keys: everything of the feature starts with `petitions`. */
export const petitionKeys = {
  all: ['petitions'] as const,
  list: (tab: PetitionTab, filters: PetitionFilterValues, page: number, locale: string) =>
    ['petitions', 'list', tab, filters, page, locale] as const,
  lists: ['petitions', 'list'] as const,
  one: (id: number, locale: string) => ['petitions', 'one', id, locale] as const,
  oneAnyLocale: (id: number) => ['petitions', 'one', id] as const,
  signers: (id: number) => ['petitions', 'signers', id] as const,
  receipt: (id: number) => ['petitions', 'receipt', id] as const,
  similar: (title: string) => ['petitions', 'similar', title] as const,
  attachments: (id: number) => ['petitions', 'attachments', id] as const,
  authors: (id: number) => ['petitions', 'authors', id] as const,
  members: (term: string) => ['petitions', 'members', term] as const,
  press: (id: number, locale: string) => ['petitions', 'press', id, locale] as const,
  /** The public log's latest checkpoint and key (`/petition-log`). */
  log: ['petitions', 'log'] as const,
};
