import { Injectable } from '@nestjs/common';
import { type VerifiedAs } from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { and, type AnyColumn, eq, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { InjectDatabase } from '../../database/database.module';

const { users, partnerCompanies, jobs, courses, posts, userSpecialties, petitions, petitionCoAuthors, conversations } = schema;

/**
 * The predicates' own names for the tables they read, so that a query over `partner_companies`
 * can embed them without its columns being taken for the subquery's.
 */
const manager = alias(schema.partnerCompanyManagers, 'access_manager');
const managed = alias(partnerCompanies, 'access_company');

/** A user or company id: a number, or a column / expression of the surrounding query. */
type IdOperand = number | AnyColumn | SQL;

/** Statuses whose members nobody else sees (their pages, posts and follows are gone for others). */
/** Statuses whose members others do not see (`visibleMemberSql`). */
export const HIDDEN_STATUSES = ['blocked', 'rejected'] as const;

// ---------------------------------------------------------------------------------------------
// SQL expressions for queries that must embed a predicate (list filters, `can_edit` columns).
// This is the only place their SQL is written; services ask AccessService instead.
// ---------------------------------------------------------------------------------------------

/**
 * `(select partner_company_id ...)`: ids of the live (not deleted) companies `userId` manages. In
 * parentheses, so it serves as `inArray(column, managedCompanyIdsSql(userId))`.
 */
export function managedCompanyIdsSql(userId: IdOperand): SQL {
  // An alias renders as its name alone: the table goes before it.
  return sql`(select ${manager.partner_company_id} from ${schema.partnerCompanyManagers} ${manager}
    join ${partnerCompanies} ${managed} on ${managed.id} = ${manager.partner_company_id} and ${managed.deleted_at} is null
    where ${manager.user_id} = ${userId})`;
}

/** True when `userId` manages the live company `companyId`; false (never null) for a null company. */
export function managesCompanySql(userId: IdOperand, companyId: IdOperand): SQL<boolean> {
  return sql<boolean>`coalesce(${companyId} in ${managedCompanyIdsSql(userId)}, false)`;
}

/**
 * `partner_companies` rows `viewerId` may see: live, and published or managed by the viewer. For a
 * query that selects from (or left-joins) `partner_companies` under its own name.
 */
export function companyVisibleToSql(viewerId: IdOperand): SQL {
  return and(isNull(partnerCompanies.deleted_at), or(eq(partnerCompanies.is_published, true), managesCompanySql(viewerId, partnerCompanies.id)))!;
}

/** `users` rows others may see: not deleted, blocked or rejected (profile pages, posts, the feed). */
export function visibleMemberSql(): SQL {
  return and(isNull(users.deleted_at), notInArray(users.status, [...HIDDEN_STATUSES]))!;
}

/**
 * A member's trust badge (`VerifiedAs`): the HPR profession the register confirmed them as
 * (`approved_hrp` 2). Only authorised doctors and medical students with a licence are confirmed
 * (`isConfirmed` in the registration module), and sign-up gives the account the role of that
 * profession, so the role tells which: `student` for a confirmed member with the student role and
 * not the doctor role, else `doctor`. (The roles, not the `hpr_register` table, because with the
 * register's web service that table is empty.) A column of the list's own query: subqueries by
 * primary key, a few index lookups per row in the same statement (no query per item).
 */
export function verifiedAsSql(userId: AnyColumn | SQL): SQL<VerifiedAs> {
  return sql<VerifiedAs>`(select case when vi.approved_hrp = 2 then case when exists (select 1 from user_roles vr join roles vro on vro.id = vr.role_id where vr.user_id = vi.user_id and vro.code = 'student') and not exists (select 1 from user_roles vr join roles vro on vro.id = vr.role_id where vr.user_id = vi.user_id and vro.code = 'doctor') then 'student' else 'doctor' end end from user_info vi where vi.user_id = ${userId})`;
}

/** `users` rows that take part in the network: approved and not deleted (followers, invitations, search). */
export function approvedMemberSql(): SQL {
  return and(eq(users.status, 'approved'), isNull(users.deleted_at))!;
}

/**
 * The same condition on `users` under an alias of a hand-written query (`from users u` → `approvedMemberAs('u')`).
 * The one place it is written: a lint rule refuses it anywhere else (eslint.config.mjs, issue 39).
 */
export function approvedMemberAs(alias: string): SQL<boolean> {
  const u = sql.identifier(alias);
  return sql<boolean>`(${u}.status = 'approved' and ${u}.deleted_at is null)`;
}

/** A table whose rows belong to a user or to a company the user manages (`user_id`, `partner_company_id`). */
export interface OwnedTable {
  user_id: AnyColumn;
  partner_company_id: AnyColumn;
}

/**
 * True when `userId` may edit the row: they own it (`user_id`) or manage its live company. For a
 * `can_edit` column of a list (jobs, courses).
 */
export function editedBySql(t: OwnedTable, userId: IdOperand): SQL<boolean> {
  return sql<boolean>`(${t.user_id} = ${userId} or ${managesCompanySql(userId, t.partner_company_id)})`;
}

/**
 * True when `userId` is an author of the petition (a `petitions` row under its own name): its
 * initiator, or a co-author with an account who accepted. Authors edit it and see its drafts; a
 * `can_edit` column and the "my petitions" filter.
 */
export function petitionAuthorSql(userId: IdOperand): SQL<boolean> {
  return sql<boolean>`(${petitions.user_id} = ${userId} or exists (select 1 from ${petitionCoAuthors} pca where pca.petition_id = ${petitions.id} and pca.user_id = ${userId} and pca.accepted_at is not null))`;
}

/**
 * True when `userId` started the petition (a `petitions` row under its own name). What only the
 * initiator may do (publish, close, archive, delete, export, the press release, the author list)
 * asks this; co-authors get 403 `not_owner`.
 */
export function petitionInitiatorSql(userId: IdOperand): SQL<boolean> {
  return sql<boolean>`coalesce(${petitions.user_id} = ${userId}, false)`;
}

/**
 * Kinds of resource whose managers AccessService knows, each with the SQL of "which of these ids
 * does the user manage". Adding a kind: one entry here (docs/how-to/check-access.md, "Adding a kind").
 */
export const MANAGED_KINDS = {
  /** A live company the user manages. */
  company: (userId: number, ids: readonly number[]) => ({
    id: partnerCompanies.id,
    from: partnerCompanies,
    where: and(inArray(partnerCompanies.id, [...ids]), isNull(partnerCompanies.deleted_at), managesCompanySql(userId, partnerCompanies.id))!,
  }),
  /** A job the user posted, or one posted for a live company they manage. */
  job: (userId: number, ids: readonly number[]) => ({ id: jobs.id, from: jobs, where: and(inArray(jobs.id, [...ids]), editedBySql(jobs, userId))! }),
  /** A course the user organises, or one of a live company they manage. */
  course: (userId: number, ids: readonly number[]) => ({
    id: courses.id,
    from: courses,
    where: and(inArray(courses.id, [...ids]), editedBySql(courses, userId))!,
  }),
  /** A post the user wrote, or a company's post (no user author) of a live company they manage. */
  post: (userId: number, ids: readonly number[]) => ({
    id: posts.id,
    from: posts,
    where: and(
      inArray(posts.id, [...ids]),
      sql`(case when ${posts.author_user_id} is not null then ${posts.author_user_id} = ${userId} else ${managesCompanySql(userId, posts.partner_company_id)} end)`,
    )!,
  }),
  /** A petition the user is an author of: its initiator, or a co-author who accepted (edits it). */
  petition: (userId: number, ids: readonly number[]) => ({
    id: petitions.id,
    from: petitions,
    where: and(inArray(petitions.id, [...ids]), petitionAuthorSql(userId))!,
  }),
  /** A petition the user started (publishes, closes, deletes it, keeps its author list). */
  petition_initiator: (userId: number, ids: readonly number[]) => ({
    id: petitions.id,
    from: petitions,
    where: and(inArray(petitions.id, [...ids]), petitionInitiatorSql(userId))!,
  }),
  /** A group conversation the user created (adds and removes its members, renames it). */
  conversation: (userId: number, ids: readonly number[]) => ({
    id: conversations.id,
    from: conversations,
    where: and(inArray(conversations.id, [...ids]), eq(conversations.kind, 'group'), eq(conversations.created_by_user_id, userId))!,
  }),
} as const;
export type ManagedKind = keyof typeof MANAGED_KINDS;

/** Who is looking at the media archive: decides which items' access levels let them in. */
export interface MediaViewer {
  userId: number;
  /** Administrators see every item (they set the levels). */
  seesAll: boolean;
  isDoctor: boolean;
  specialtyIds: number[];
}

/** The media tables (`videos`, `audio_tracks`): what the access predicate reads. */
export interface MediaAccessTable {
  access_level: AnyColumn;
  specialty_ids: AnyColumn;
}

/** `{1,2}`: ids as one array value, whatever their number (a viewer's specialties, bound as one parameter). */
export const idArray = (ids: readonly number[]): string => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

/**
 * A media item's access level (spec issue 12) for a viewer who does not see everything: `all`, or
 * `doctors` and the viewer is a doctor, or `specialties` and they share one. Values, or the
 * placeholders of a prepared statement.
 */
export function mediaAccessibleTo(t: MediaAccessTable, isDoctor: boolean | SQL, specialties: string | SQL): SQL {
  return sql`(${t.access_level} = 'all' or (${t.access_level} = 'doctors' and ${isDoctor}) or (${t.access_level} = 'specialties' and ${t.specialty_ids} && ${specialties}::integer[]))`;
}

/** The media items `viewer` may open (the same predicate for lists and single items). */
export function mediaAccessibleSql(t: MediaAccessTable, viewer: MediaViewer): SQL {
  if (viewer.seesAll) return sql`true`;
  return mediaAccessibleTo(t, viewer.isDoctor, idArray(viewer.specialtyIds));
}

/** How a caller stands to a live company: null when there is no such live company. */
export interface CompanyStanding {
  is_published: boolean;
  is_manager: boolean;
}

/** The access predicates as queries; the only access file that speaks SQL. */
@Injectable()
export class AccessRepository {
  /** Read by every job page and editor check: prepared (database/prepared.ts). */
  private readonly managedQuery;

  /** Read by every media page: prepared. */
  private readonly specialtiesQuery;

  constructor(@InjectDatabase() private readonly db: Database) {
    this.specialtiesQuery = db
      .select({ id: userSpecialties.specialty_id })
      .from(userSpecialties)
      .where(eq(userSpecialties.user_id, sql.placeholder('userId')))
      .prepare('media_viewer_specialties');
    this.managedQuery = db
      .select({ id: manager.partner_company_id })
      .from(manager)
      .innerJoin(managed, and(eq(managed.id, manager.partner_company_id), isNull(managed.deleted_at)))
      .where(eq(manager.user_id, sql.placeholder('userId')))
      .prepare('access_managed_companies');
  }

  async companyStanding(userId: number, companyId: number): Promise<CompanyStanding | null> {
    const [row] = await this.db
      .select({ is_published: partnerCompanies.is_published, is_manager: managesCompanySql(userId, partnerCompanies.id) })
      .from(partnerCompanies)
      .where(and(eq(partnerCompanies.id, companyId), isNull(partnerCompanies.deleted_at)))
      .limit(1);
    return row ?? null;
  }

  /** Ids of the live companies the user manages: a short list. */
  async managedCompanyIds(userId: number): Promise<number[]> {
    const rows = await this.managedQuery.execute({ userId });
    return rows.map((r) => r.id);
  }

  /** Which of `ids` (of one kind) the user manages. */
  async managedOf(kind: ManagedKind, userId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const q = MANAGED_KINDS[kind](userId, ids);
    const rows = await this.db.select({ id: q.id }).from(q.from).where(q.where);
    return rows.map((r) => r.id);
  }

  /**
   * A list filter for rows the user owns or that belong to a company they manage. The company ids
   * are literal so the planner can OR the table's user index with its company index.
   */
  async ownedOrManagedWhere(t: OwnedTable, userId: number): Promise<SQL> {
    const companies = await this.managedCompanyIds(userId);
    const own = eq(t.user_id, userId);
    return companies.length === 0 ? own : or(own, inArray(t.partner_company_id, companies))!;
  }

  /** The specialties a media viewer has (`specialties` access level). */
  async viewerSpecialties(userId: number): Promise<number[]> {
    const rows = await this.specialtiesQuery.execute({ userId });
    return rows.map((r) => r.id);
  }

  /** The id of a member others may see, by slug. */
  async visibleMemberIdBySlug(slug: string): Promise<number | null> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.slug, slug), visibleMemberSql()))
      .limit(1);
    return row?.id ?? null;
  }
}
