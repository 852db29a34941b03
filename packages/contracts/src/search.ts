import { z } from 'zod';
import { dataOf } from './common';
import { defineEndpoint } from './endpoint';

/** Hits per group of the header's search; each group's "see all" opens the filtered list. */
export const SEARCH_GROUP_LIMIT = 5;
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;

export const SEARCH_GROUPS = ['people', 'companies', 'jobs', 'courses', 'petitions', 'posts'] as const;
export type SearchGroupName = (typeof SEARCH_GROUPS)[number];

export const SearchQuerySchema = z.object({
  search: z.string().trim().min(SEARCH_MIN_LENGTH).max(SEARCH_MAX_LENGTH),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** One hit: enough to show it and to build its link (`slug` for people and companies, `id` otherwise). */
export const SearchHitSchema = z.object({
  id: z.number().int(),
  slug: z.string().nullable(),
  title: z.string(),
  /** A second line: a job's employer and place, a course's type and date, a petition's status. */
  subtitle: z.string().nullable(),
  /** A course's type (`course` | `webinar` | ...), part of its link; null for other groups. */
  type: z.string().nullable(),
  /** Avatar or logo (public address), or null. */
  image: z.string().nullable(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

/**
 * The first hits of a group and the total of its filtered list; null for jobs and courses, whose
 * lists only know a total rounded up to ten (spec), which would overstate a handful of hits.
 */
export const SearchGroupSchema = z.object({
  items: z.array(SearchHitSchema),
  total: z.number().int().min(0).nullable(),
});
export type SearchGroup = z.infer<typeof SearchGroupSchema>;

/** Each group, or null when the caller may not read that list (missing permission). */
export const SearchResultSchema = z.object({
  people: SearchGroupSchema.nullable(),
  companies: SearchGroupSchema.nullable(),
  jobs: SearchGroupSchema.nullable(),
  courses: SearchGroupSchema.nullable(),
  petitions: SearchGroupSchema.nullable(),
  /** The newest posts whose text matches, with the writer or company as subtitle; no total. */
  posts: SearchGroupSchema.nullable(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const searchEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/search',
    summary:
      'The header search: people, companies, jobs, courses, petitions and posts the caller may see, the first hits of each list with its total',
    access: 'member',
    query: SearchQuerySchema,
    response: dataOf(SearchResultSchema),
  }),
} as const;
