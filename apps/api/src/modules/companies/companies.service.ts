import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  type Company,
  type CompanyInput,
  type CompanyListQuery,
  type CompanyPost,
  type CompanyPostsQuery,
  type CompanySummary,
  COMPANY_LOGO_FIELD,
  type Locale,
  type PageMeta,
  type PageQuery,
  type UserCard,
} from '@legenett/contracts';
import { AccessService, othersThan } from '../../common/access';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { ListCounts, readPage } from '../../common/lists';
import { Storage } from '../../common/storage/storage';
import { slugify } from '../../common/text/slugify';
import { FilesService, type StoreOptions } from '../../common/files/files.service';
import { UnitOfWork } from '../../database/unit-of-work';
import { NotificationPublisher } from '../notifications';
import { PostsService } from '../posts';
import { ReferenceChecks } from '../reference';
import { CompaniesRepository, type CompanyRow } from './companies.repository';

type Page<T> = { data: T[]; meta: PageMeta };

/** Partner companies: the public pages, following, and what only their managers may change. */
@Injectable()
export class CompaniesService {
  private readonly logger = new Logger('Companies');

  constructor(
    private readonly repository: CompaniesRepository,
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationPublisher,
    private readonly files: FilesService,
    private readonly storage: Storage,
    private readonly postsService: PostsService,
    private readonly references: ReferenceChecks,
    private readonly counts: ListCounts,
  ) {}

  async list(me: Principal, q: CompanyListQuery, locale: Locale): Promise<Page<CompanySummary>> {
    const filter = { categories: q.categories ?? [], name: q.name ? q.name : null };
    // Visibility depends on the companies the viewer manages, so the viewer is part of the key.
    const { rows, meta } = await readPage(q, {
      count: () =>
        this.counts.cached(
          'companies.directory',
          ['partner_companies'],
          { ...filter, viewer: me.userId },
          () => this.repository.countDirectory(me.userId, filter),
        ),
      read: (slice) => this.repository.directorySlice(me.userId, filter, slice),
      fromEnd: true,
    });
    const cats = await this.repository.categoriesOf(
      rows.map((r) => r.id),
      locale,
    );
    return {
      data: rows.map((r) => ({ ...r, logo: this.url(r.logo), categories: cats.get(r.id) ?? [] })),
      meta,
    };
  }

  async create(
    me: Principal,
    input: CompanyInput,
    file: Express.Multer.File | undefined,
    locale: Locale,
  ): Promise<{ data: Company }> {
    await this.checkCategories(input);
    const insert = async (logoFileId: number | null): Promise<string> => {
      const base = slugify(input.name, 'company');
      let slug = base;
      for (let attempt = 0; attempt < 5; attempt++) {
        if ((await this.repository.create(input, slug, logoFileId, me.userId)) !== null) return slug;
        slug = `${base}-${randomBytes(3).toString('hex')}`;
      }
      throw new AppError('CONFLICT');
    };
    const slug = file ? await this.files.storeFor([file], this.logo(me), ([logo]) => insert(logo!.id)) : await insert(null);
    return this.show(me, slug, locale);
  }

  private logo(me: Principal): StoreOptions {
    return { kind: 'company_logo', owner: me.userId, field: COMPANY_LOGO_FIELD };
  }

  /** Managers edit the details; a new logo is stored first and the old one removed once saved. */
  async update(
    me: Principal,
    slug: string,
    input: CompanyInput,
    file: Express.Multer.File | undefined,
    locale: Locale,
  ): Promise<{ data: Company }> {
    const row = await this.managed(me, slug);
    await this.checkCategories(input);
    if (file) await this.files.replace(file, this.logo(me), (logoFileId) => this.repository.update(row.id, input, logoFileId));
    else await this.repository.update(row.id, input, undefined);
    return this.show(me, slug, locale);
  }

  private checkCategories(input: CompanyInput): Promise<void> {
    return this.references.require([['categories', 'companyCategories', input.categories]]);
  }

  async show(me: Principal, slug: string, locale: Locale): Promise<{ data: Company }> {
    const row = await this.visible(me, slug);
    return { data: await this.company(row, locale) };
  }

  async followers(me: Principal, slug: string, q: PageQuery): Promise<Page<UserCard>> {
    const row = await this.visible(me, slug);
    const { rows, meta } = await readPage(q, this.repository.followers(row.id));
    return {
      data: rows.map((r) => ({ ...r, profile_avatar: this.url(r.profile_avatar) })),
      meta,
    };
  }

  async setFollow(
    me: Principal,
    slug: string,
    follow: boolean,
  ): Promise<{ data: { following: boolean; followers_count: number } }> {
    const row = await this.visible(me, slug);
    const followers_count = await this.repository.setFollow(row.id, me.userId, follow);
    return { data: { following: follow, followers_count } };
  }

  async invite(me: Principal, slug: string, userIds: number[]): Promise<{ data: { invited: number[] } }> {
    const row = await this.managed(me, slug);
    const ids = othersThan(me, userIds);
    const created =
      ids.length === 0
        ? []
        : await this.uow.run(async (tx) => {
            const invitations = await this.repository.invite(row.id, ids, me.userId, tx);
            await this.notifications.publish(
              tx,
              invitations.map((invitation) => ({
                user_id: invitation.user_id,
                kind: 'follow_invitation' as const,
                actor_user_id: me.userId,
                partner_company_id: row.id,
                entity_type: 'follow_invitation',
                entity_id: invitation.id,
                data: { company_name: row.name, company_slug: row.slug },
              })),
            );
            return invitations;
          });
    return { data: { invited: created.map((c) => c.user_id) } };
  }

  async settings(
    me: Principal,
    slug: string,
    patch: { is_published?: boolean; is_comments_allowed?: boolean },
    locale: Locale,
  ): Promise<{ data: Company }> {
    const row = await this.managed(me, slug);
    await this.repository.updateSettings(row.id, patch);
    return this.show(me, slug, locale);
  }

  async remove(me: Principal, slug: string, reason: string): Promise<void> {
    const row = await this.managed(me, slug);
    await this.repository.softDelete(row.id, reason);
    this.logger.log(`Partner company ${row.id} deleted by user ${me.userId}`);
  }

  async posts(me: Principal, slug: string, q: CompanyPostsQuery): Promise<Page<CompanyPost>> {
    const row = q.archive ? await this.managed(me, slug) : await this.visible(me, slug);
    return this.postsService.forCompany(
      me,
      row.id,
      { archived: q.archive, search: q.search ? q.search : null },
      q,
    );
  }

  /** Live and published, or unpublished and managed by the caller; else 404. */
  private async visible(me: Principal, slug: string): Promise<CompanyRow> {
    const row = await this.repository.bySlug(slug, me.userId);
    AccessService.checkCompany(row, 'see');
    return row;
  }

  /** Visible and managed by the caller; a public page of someone else's answers 403 not_owner. */
  private async managed(me: Principal, slug: string): Promise<CompanyRow> {
    const row = await this.repository.bySlug(slug, me.userId);
    AccessService.checkCompany(row, 'manage');
    return row;
  }

  private async company(row: CompanyRow, locale: Locale): Promise<Company> {
    const cats = await this.repository.categoriesOf([row.id], locale);
    return {
      ...row,
      logo: this.url(row.logo),
      categories: cats.get(row.id) ?? [],
      created_at: row.created_at.toISOString(),
    };
  }

  private url(key: string | null): string | null {
    return this.storage.publicUrl(key);
  }
}
