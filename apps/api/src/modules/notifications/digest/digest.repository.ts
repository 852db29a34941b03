import { Injectable } from '@nestjs/common';
import { type DigestFrequency, type Locale } from '@legenett/contracts';
import { type Database, type Transaction } from '@legenett/db';
import { sql } from 'drizzle-orm';
import { InjectDatabase } from '../../../database/database.module';

/** A user the sweep found due: a digest on, something unread (or a daily/weekly alert's match), not active since the last digest. */
export interface DueReader {
  user_id: number;
  frequency: Exclude<DigestFrequency, 'off'>;
}

export interface DigestRecipientRow {
  user_id: number;
  email: string;
  first_name: string;
  locale: Locale;
  county_id: number | null;
  frequency: DigestFrequency;
  active: boolean;
}

const rowsOf = <T>(result: { rows: unknown[] }): T[] => result.rows as T[];

/** The digest's SQL: who is due (in batches by user id), the period claims, and the built-in sections. */
@Injectable()
export class DigestRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /**
   * The next batch of users after `afterId` (by primary key, so memory stays flat however many there
   * are), and which of them are due. Active means a login or a session refresh after the period's
   * start: the last digest, or one period back when there was none.
   */
  async dueBatch(afterId: number, limit: number): Promise<{ lastId: number | null; due: DueReader[] }> {
    const result = await this.db.execute(sql`
      with batch as (
        select u.id, u.last_login_date, coalesce(p.digest, 'weekly') as frequency
        from users u
        left join notification_preferences p on p.user_id = u.id
        where u.id > ${afterId}
        order by u.id
        limit ${limit}
      ),
      candidates as (
        select b.id, b.frequency, b.last_login_date,
               coalesce((select max(r.created_at) from digest_runs r where r.user_id = b.id),
                        now() - case when b.frequency = 'daily' then interval '1 day' else interval '7 days' end) as since
        from batch b
        join users u on u.id = b.id
        where b.frequency <> 'off' and u.status = 'approved' and u.deleted_at is null
      )
      select (select max(id) from batch) as last_id, c.id as user_id, c.frequency
      from (select 1) one
      left join candidates c on
        (exists (select 1 from notification_groups g where g.user_id = c.id and g.unread_count > 0)
          -- A match of a daily or weekly alert since then is news too (alert_matches_digest_idx).
          or exists (select 1 from alert_matches m where m.user_id = c.id and m.frequency <> 'immediate' and m.matched_at > c.since))
        and (c.last_login_date is null or c.last_login_date <= c.since)
        and not exists (select 1 from refresh_token_families f where f.user_id = c.id and f.last_used_at > c.since)`);
    const rows = rowsOf<{ last_id: number | null; user_id: number | null; frequency: DueReader['frequency'] | null }>(result);
    const lastId = rows[0]?.last_id ?? null;
    return {
      lastId: lastId === null ? null : Number(lastId),
      due: rows.filter((r) => r.user_id !== null && r.frequency !== null).map((r) => ({ user_id: Number(r.user_id), frequency: r.frequency! })),
    };
  }

  /** Claims the period for these users: the ones answered had none yet (the unique key refuses a second). */
  async claim(tx: Transaction, userIds: number[], periodKey: string): Promise<number[]> {
    if (userIds.length === 0) return [];
    const result = await tx.execute(sql`
      insert into digest_runs (user_id, period_key)
      select unnest(${`{${userIds.join(',')}}`}::int[]), ${periodKey}
      on conflict (user_id, period_key) do nothing
      returning user_id`);
    return rowsOf<{ user_id: number }>(result).map((r) => Number(r.user_id));
  }

  async recipient(userId: number): Promise<DigestRecipientRow | null> {
    const result = await this.db.execute(sql`
      select u.id as user_id, u.email, u.first_name, u.locale, i.county_id, coalesce(p.digest, 'weekly') as frequency,
             (u.status = 'approved' and u.deleted_at is null) as active
      from users u
      left join user_info i on i.user_id = u.id
      left join notification_preferences p on p.user_id = u.id
      where u.id = ${userId}`);
    const [row] = rowsOf<DigestRecipientRow>(result);
    return row ? { ...row, user_id: Number(row.user_id) } : null;
  }

  /** The start of this digest's period: the digest before it, or one period back. */
  async since(userId: number, periodKey: string, frequency: DigestFrequency): Promise<Date> {
    const result = await this.db.execute(sql`
      select coalesce(max(created_at), now() - ${frequency === 'daily' ? sql`interval '1 day'` : sql`interval '7 days'`}) as since
      from digest_runs where user_id = ${userId} and period_key <> ${periodKey}`);
    const [row] = rowsOf<{ since: string | Date }>(result);
    return new Date(row?.since ?? Date.now());
  }

  // ---------- the built-in sections: a few rows each, newest or most discussed first ----------

  async jobs(userId: number, countyId: number | null, since: Date): Promise<{ id: number; title: string; application_deadline: string }[]> {
    const result = await this.db.execute(sql`
      select j.id, j.title, j.application_deadline::text as application_deadline
      from jobs j
      where j.status = 'published' and j.published_at >= ${since.toISOString()}::timestamptz and j.application_deadline >= current_date
        and (${countyId}::int is null or j.county_id = ${countyId}::int)
        and exists (select 1 from job_specialties js join user_specialties us on us.specialty_id = js.specialty_id
                    where js.job_id = j.id and us.user_id = ${userId})
      order by j.published_at desc, j.id desc
      limit 5`);
    return rowsOf(result);
  }

  async courses(userId: number, since: Date): Promise<{ id: number; title: string; type: string; start_at: string }[]> {
    const result = await this.db.execute(sql`
      select c.id, c.title, c.type, c.start_at
      from courses c
      where c.status = 'approved' and c.created_at >= ${since.toISOString()}::timestamptz and c.start_at > now()
        and exists (select 1 from course_specialties cs join user_specialties us on us.specialty_id = cs.specialty_id
                    where cs.course_id = c.id and us.user_id = ${userId})
      order by c.start_at, c.id
      limit 5`);
    return rowsOf(result);
  }

  async petitions(userId: number, since: Date): Promise<{ id: number; title: string }[]> {
    const result = await this.db.execute(sql`
      select p.id, p.title
      from petitions p
      where p.status = 'active' and p.published_at >= ${since.toISOString()}::timestamptz
        and exists (select 1 from petition_specialties ps join user_specialties us on us.specialty_id = ps.specialty_id
                    where ps.petition_id = p.id and us.user_id = ${userId})
      order by p.published_at desc, p.id desc
      limit 5`);
    return rowsOf(result);
  }

  /** Posts of people the user follows since `since`, most commented first (posts_author_created_at_id_idx per author). */
  async discussedPosts(userId: number, since: Date): Promise<{ id: number; body: string; comments_count: number; first_name: string; last_name: string }[]> {
    const result = await this.db.execute(sql`
      select p.id, left(p.body, 140) as body, p.comments_count, u.first_name, u.last_name
      from user_follows f
      join posts p on p.author_user_id = f.followed_user_id
      join users u on u.id = p.author_user_id
      where f.follower_id = ${userId} and p.created_at >= ${since.toISOString()}::timestamptz
        and p.archived_at is null and p.comments_count > 0
      order by p.comments_count desc, p.id desc
      limit 3`);
    return rowsOf(result);
  }
}
