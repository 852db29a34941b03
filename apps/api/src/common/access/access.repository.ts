import { Injectable } from '@nestjs/common';
import { type VerifiedAs } from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { and, type AnyColumn, eq, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { InjectDatabase } from '../../database/database.module';

const { users, partnerCompanies } = schema;

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

  constructor(@InjectDatabase() private readonly db: Database) {
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
