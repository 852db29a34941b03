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

/**
 * The Authenticator's one query: user, status, HPR state, roles, session and business profile. It runs
 * on every authenticated request, so it is built once and sent as a named prepared statement
 * (`auth_caller`): each pooled connection parses and plans it once, and no SQL is rebuilt per
 * request. Every lookup in it is by primary key or by `user_id` index (docs/performance/api-overhead.md).
 */
@Injectable()
export class AuthRepository {
  private readonly callerQuery;

  constructor(@InjectDatabase() db: Database) {
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
}
