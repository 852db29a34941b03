import { Injectable } from '@nestjs/common';
import { type Role } from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { and, eq, sql } from 'drizzle-orm';
import { managesCompanySql } from '../access/access.repository';
import { InjectDatabase } from '../../database/database.module';
import { type UserStatus } from './principal';

const { users, userInfo, refreshTokenFamilies: families } = schema;

export interface CallerRow {
  userId: number;
  status: UserStatus;
  deletedAt: Date | null;
  sessionsValidAfter: Date | null;
  approvedHrp: number;
  roles: Role[];
  familyFound: boolean;
  familyRevokedAt: Date | null;
  familyExpiresAt: Date | null;
  /** The session's business profile, only while the user still manages it and it exists. */
  activeCompanyId: number | null;
}

/** A caller row as the grouped statement answers it (raw column types). */
type RawCallerRow = {
  n: string;
  user_id: number;
  status: UserStatus;
  deleted_at: Date | string | null;
  sessions_valid_after: Date | string | null;
  approved_hrp: number;
  roles: Role[];
  family_found: boolean;
  family_revoked_at: Date | string | null;
  family_expires_at: Date | string | null;
  active_company_id: number | null;
};

const dateOrNull = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

/**
 * The Authenticator's one query: user, status, HPR state, roles, session and business profile. It runs
 * on every authenticated request, so it is built once and sent as a named prepared statement
 * (`auth_caller`): each pooled connection parses and plans it once, and no SQL is rebuilt per
 * request. Every lookup in it is by primary key or by `user_id` index (docs/performance/api-overhead.md).
 *
 * `callers` is the same query for several (user, session) pairs in one statement, for the
 * Authenticator's grouped lookups (authenticator.ts); it reads the primary (`execute`).
 */
@Injectable()
export class AuthRepository {
  private readonly callerQuery;

  constructor(@InjectDatabase() private readonly db: Database) {
    const userId = sql.placeholder('userId');
    const familyId = sql.placeholder('familyId');
    this.callerQuery = db
      .select({
        userId: users.id,
        status: users.status,
        deletedAt: users.deleted_at,
        sessionsValidAfter: users.sessions_valid_after,
        approvedHrp: sql<number>`coalesce(${userInfo.approved_hrp}, 0)`.mapWith(Number),
        roles: sql<Role[]>`array(select r.code from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${users.id} order by r.code)`,
        familyFound: sql<boolean>`${families.id} is not null`,
        familyRevokedAt: families.revoked_at,
        familyExpiresAt: families.absolute_expires_at,
        activeCompanyId: sql<number | null>`case when ${managesCompanySql(users.id, families.active_partner_company_id)} then ${families.active_partner_company_id} end`,
      })
      .from(users)
      .leftJoin(userInfo, eq(userInfo.user_id, users.id))
      .leftJoin(families, and(eq(families.id, familyId), eq(families.user_id, users.id)))
      .where(eq(users.id, userId))
      .limit(1)
      .prepare('auth_caller');
  }

  async caller(userId: number, familyId: number): Promise<CallerRow | null> {
    const [row] = await this.callerQuery.execute({ userId, familyId });
    return row ?? null;
  }

  /** `auth_caller` for several (user, session) pairs in one statement: one answer per pair, in order. */
  async callers(keys: readonly { userId: number; familyId: number }[]): Promise<(CallerRow | null)[]> {
    const list = (xs: number[]) => `{${xs.join(',')}}`;
    const { rows } = await this.db.execute<RawCallerRow>(sql`
      select k.n, ${users.id} as user_id, ${users.status} as status, ${users.deleted_at} as deleted_at,
        ${users.sessions_valid_after} as sessions_valid_after, coalesce(${userInfo.approved_hrp}, 0)::int as approved_hrp,
        array(select r.code from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${users.id} order by r.code) as roles,
        ${families.id} is not null as family_found, ${families.revoked_at} as family_revoked_at, ${families.absolute_expires_at} as family_expires_at,
        case when ${managesCompanySql(users.id, families.active_partner_company_id)} then ${families.active_partner_company_id} end as active_company_id
      from unnest(${list(keys.map((k) => k.userId))}::int[], ${list(keys.map((k) => k.familyId))}::bigint[]) with ordinality as k(user_id, family_id, n)
      join ${users} on ${users.id} = k.user_id
      left join ${userInfo} on ${userInfo.user_id} = ${users.id}
      left join ${families} on ${families.id} = k.family_id and ${families.user_id} = ${users.id}`);
    const byN = new Map(rows.map((r) => [Number(r.n), r]));
    return keys.map((_, i) => {
      const r = byN.get(i + 1);
      if (!r) return null;
      return {
        userId: r.user_id,
        status: r.status,
        deletedAt: dateOrNull(r.deleted_at),
        sessionsValidAfter: dateOrNull(r.sessions_valid_after),
        approvedHrp: Number(r.approved_hrp),
        roles: r.roles,
        familyFound: r.family_found,
        familyRevokedAt: dateOrNull(r.family_revoked_at),
        familyExpiresAt: dateOrNull(r.family_expires_at),
        activeCompanyId: r.active_company_id === null ? null : Number(r.active_company_id),
      };
    });
  }
}
