import { Injectable } from '@nestjs/common';
import {
  CompanyListQuery,
  CourseListQuerySchema,
  JobListQuerySchema,
  type Locale,
  type PermissionKey,
  PetitionListQuerySchema,
  ProfileSearchQuery,
  SEARCH_GROUP_LIMIT,
  type SearchGroup,
  type SearchHit,
  type SearchResult,
} from '@legenett/contracts';
import { type Principal } from '../../common/auth';
import { CompaniesService } from '../companies';
import { CoursesService } from '../courses';
import { JobsService } from '../jobs';
import { NetworkService } from '../network';
import { PetitionsService } from '../petitions';
import { PostsService } from '../posts';

const firstPage = { page: 1, per_page: SEARCH_GROUP_LIMIT };
/** A post's first line for a search hit: whitespace folded, at most 100 characters. */
const excerpt = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
};
const joined = (...parts: (string | null | undefined)[]): string | null =>
  parts.filter(Boolean).join(', ') || null;

/**
 * The header's search: the first page of each area's own filtered list (its visibility rules,
 * indexes and cached counts), so a group shows exactly what its "see all" list starts with.
 * docs/decisions/0009-global-search.md.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly network: NetworkService,
    private readonly companies: CompaniesService,
    private readonly jobs: JobsService,
    private readonly courses: CoursesService,
    private readonly petitions: PetitionsService,
    private readonly posts: PostsService,
  ) {}

  async search(me: Principal, term: string, locale: Locale): Promise<{ data: SearchResult }> {
    const may = (permission: PermissionKey) => me.permissions.includes(permission);
    const group = async <T>(
      read: () => Promise<{ data: T[]; meta: { total: number } }>,
      hit: (row: T) => SearchHit,
      exactTotal = true,
    ): Promise<SearchGroup> => {
      const page = await read();
      return {
        items: page.data.slice(0, SEARCH_GROUP_LIMIT).map(hit),
        total: exactTotal ? page.meta.total : null,
      };
    };
    const [people, companies, jobs, courses, petitions, posts] = await Promise.all([
      group(
        () => this.network.search(ProfileSearchQuery.parse({ ...firstPage, name: term })),
        (u) => ({
          id: u.id,
          slug: u.slug,
          title: `${u.first_name} ${u.last_name}`,
          subtitle: null,
          type: null,
          image: u.profile_avatar,
        }),
      ),
      group(
        () => this.companies.list(me, CompanyListQuery.parse({ ...firstPage, name: term }), locale),
        (c) => ({ id: c.id, slug: c.slug, title: c.name, subtitle: null, type: null, image: c.logo }),
      ),
      may('jobs-read')
        ? group(
            () => this.jobs.list(me, JobListQuerySchema.parse({ ...firstPage, search: term }), locale),
            (j) => ({
              id: j.id,
              slug: null,
              title: j.title,
              subtitle: joined(j.company_name, j.city?.name),
              type: null,
              image: j.company_logo,
            }),
            false,
          )
        : null,
      may('course-read')
        ? group(
            () => this.courses.list(me, CourseListQuerySchema.parse({ ...firstPage, search: term }), locale),
            (c) => ({
              id: c.id,
              slug: null,
              title: c.title,
              subtitle: joined(c.host_name, c.city?.name),
              type: c.type,
              image: null,
            }),
            false,
          )
        : null,
      group(
        () => this.petitions.list(me, PetitionListQuerySchema.parse({ ...firstPage, search: term }), locale),
        (p) => ({ id: p.id, slug: null, title: p.title, subtitle: null, type: null, image: null }),
      ),
      // Posts have no numbered list to count or to "see all" in: the newest hits only.
      this.posts.search(me, term, SEARCH_GROUP_LIMIT).then(
        (found): SearchGroup => ({
          items: found.map((p) => ({
            id: p.id,
            slug: null,
            title: excerpt(p.body),
            subtitle: p.company
              ? p.company.name
              : p.author
                ? `${p.author.first_name} ${p.author.last_name}`
                : null,
            type: null,
            image: null,
          })),
          total: null,
        }),
      ),
    ]);
    return { data: { people, companies, jobs, courses, petitions, posts } };
  }
}
