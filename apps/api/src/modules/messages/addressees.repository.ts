import { Injectable } from '@nestjs/common';
import { type Database, schema } from '@legenett/db';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { approvedMemberSql } from '../../common/access';
import { InjectDatabase } from '../../database/database.module';

const { users, userInfo, userFollows, partnerCompanies, jobs, courses } = schema;

/** Whom a message can go to: members, companies, the author of a job or course, and their names. */
@Injectable()
export class AddresseesRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** An approved, live member by id (a recipient). */
  async recipient(userId: number): Promise<{ id: number; approved_hrp: number } | null> {
    const [row] = await this.db
      .select({ id: users.id, approved_hrp: sql<number>`coalesce(${userInfo.approved_hrp}, 0)::int` })
      .from(users)
      .leftJoin(userInfo, eq(userInfo.user_id, users.id))
      .where(and(eq(users.id, userId), approvedMemberSql()))
      .limit(1);
    return row ?? null;
  }

  /** Approved, live members among `ids`. */
  async recipients(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), approvedMemberSql()));
    return rows.map((r) => r.id);
  }

  /** A live, published company by id. */
  async liveCompany(companyId: number): Promise<{ id: number; name: string } | null> {
    const [row] = await this.db
      .select({ id: partnerCompanies.id, name: partnerCompanies.name })
      .from(partnerCompanies)
      .where(and(eq(partnerCompanies.id, companyId), isNull(partnerCompanies.deleted_at), eq(partnerCompanies.is_published, true)))
      .limit(1);
    return row ?? null;
  }

  /** Who answers a job or a course, and its title: its company, else its author. */
  async topic(type: 'job' | 'course', id: number): Promise<{ title: string; user_id: number | null; company_id: number | null } | null> {
    const table = type === 'job' ? jobs : courses;
    const [row] = await this.db
      .select({ title: table.title, user_id: table.user_id, company_id: table.partner_company_id })
      .from(table)
      .where(eq(table.id, id))
      .limit(1);
    return row ?? null;
  }

  /** Whether both follow each other. */
  async mutualFollow(a: number, b: number): Promise<boolean> {
    const rows = await this.db
      .select({ one: sql<number>`1` })
      .from(userFollows)
      .where(
        or(
          and(eq(userFollows.follower_id, a), eq(userFollows.followed_user_id, b)),
          and(eq(userFollows.follower_id, b), eq(userFollows.followed_user_id, a)),
        ),
      );
    return rows.length === 2;
  }

  /** A company's name (acting as it, a manager writes under it), live or not. */
  async companyName(companyId: number): Promise<string | null> {
    const [row] = await this.db.select({ name: partnerCompanies.name }).from(partnerCompanies).where(eq(partnerCompanies.id, companyId)).limit(1);
    return row?.name ?? null;
  }

  async mailRecipient(userId: number): Promise<{ email: string; first_name: string; locale: 'no' | 'en' } | null> {
    const [row] = await this.db
      .select({ email: users.email, first_name: users.first_name, locale: users.locale })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deleted_at)))
      .limit(1);
    return row ?? null;
  }
}
