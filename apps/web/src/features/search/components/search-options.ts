import { type SearchGroupName, type SearchHit, type SearchResult, SEARCH_GROUPS } from '@legenett/contracts';
import { paths } from '@/shared/config/paths';

export interface SearchOption {
  id: string;
  group: SearchGroupName;
  href: string;
  /** A hit, or the group's "see all" entry. */
  hit: SearchHit | null;
}

export interface SearchOptionGroup {
  name: SearchGroupName;
  total: number | null;
  options: SearchOption[];
}

const hitHref: Record<SearchGroupName, (h: SearchHit) => string> = {
  people: (h) => paths.profileBySlug.href({ slug: h.slug ?? String(h.id) }),
  companies: (h) => paths.company.href({ slug: h.slug ?? String(h.id) }),
  jobs: (h) => paths.jobDetails.href({ id: h.id }),
  courses: (h) => paths.webinar.href({ id: h.id, type: h.type ?? 'course' }),
  petitions: (h) => paths.petitionDetails.href({ id: h.id }),
  posts: (h) => paths.post.href({ id: h.id }),
};

/**
 * Each group's filtered list page, with the term in the list's own search parameter. People and
 * posts have none: the spec has no member directory and no post search page (docs/decisions/0009-global-search.md).
 */
export function seeAllHref(group: SearchGroupName, term: string): string | null {
  const q = (name: string) => `?${new URLSearchParams({ [name]: term }).toString()}`;
  switch (group) {
    case 'companies':
      return `${paths.companyProxy.path}${q('name')}`;
    case 'jobs':
      return `${paths.jobs.path}${q('search')}`;
    case 'courses':
      return `${paths.webinars.path}${q('search')}`;
    case 'petitions':
      return `${paths.petitions.path}${q('search')}`;
    default:
      return null;
  }
}

/** The groups with hits, in a fixed order, each with its hits and its "see all" entry. */
export function searchOptionGroups(
  result: SearchResult,
  term: string,
  idPrefix: string,
): SearchOptionGroup[] {
  const groups: SearchOptionGroup[] = [];
  for (const name of SEARCH_GROUPS) {
    const group = result[name];
    if (!group || group.items.length === 0) continue;
    const options: SearchOption[] = group.items.map((hit) => ({
      id: `${idPrefix}-${name}-${hit.id}`,
      group: name,
      href: hitHref[name](hit),
      hit,
    }));
    const all = seeAllHref(name, term);
    if (all) options.push({ id: `${idPrefix}-${name}-all`, group: name, href: all, hit: null });
    groups.push({ name, total: group.total, options });
  }
  return groups;
}
