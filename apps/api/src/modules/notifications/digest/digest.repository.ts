import { Injectable } from '@nestjs/common';
import { approvedMemberAs } from '../../../common/access';
import { type DigestFrequency, type Locale } from '@legenett/contracts';
import { type Database, type Transaction } from '@legenett/db';
import { sql } from 'drizzle-orm';
import { InjectDatabase } from '../../../database/database.module';
import { intArray } from './digest-sql';

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

/** A claimed reader of a send batch: who, the period's start, and whether they came by since. */
export interface DigestBatchRecipientRow extends DigestRecipientRow {
  since: Date;
  /** A login or a session refresh after the period's start (after the sweep looked): no digest then. */
  seen_since: boolean;
}

const rowsOf = <T>(result: { rows: unknown[] }): T[] => result.rows as T[];

/** The digest's SQL: who is due (in batches by user id), the period claims and the readers of a send batch (each section's SQL is its module's). */
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
        where b.frequency <> 'off' and ${approvedMemberAs('u')}
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

  /**
   * The readers of a send batch, in one statement: only those whose claim of `periodKey` is still
   * there (an account erased since has none), with the period's start (the digest before this one,
   * or one period back) and whether they logged in or refreshed a session after it.
   */
  async batchRecipients(userIds: readonly number[], periodKey: string): Promise<DigestBatchRecipientRow[]> {
    if (userIds.length === 0) return [];
    const result = await this.db.execute(sql`
      select u.id as user_id, u.email, u.first_name, u.locale, i.county_id, coalesce(p.digest, 'weekly') as frequency,
             ${approvedMemberAs('u')} as active, s.since,
             (u.last_login_date > s.since
               or exists (select 1 from refresh_token_families f where f.user_id = u.id and f.last_used_at > s.since)) as seen_since
      from digest_runs r
      join users u on u.id = r.user_id
      left join user_info i on i.user_id = u.id
      left join notification_preferences p on p.user_id = u.id
      cross join lateral (
        select coalesce(max(d.created_at),
                        now() - case when coalesce(p.digest, 'weekly') = 'daily' then interval '1 day' else interval '7 days' end) as since
        from digest_runs d where d.user_id = u.id and d.period_key <> r.period_key) s
      where r.period_key = ${periodKey} and r.user_id = any(${intArray(userIds)}::int[])
      order by u.id`);
    return rowsOf<DigestBatchRecipientRow & { since: string | Date }>(result).map((row) => ({
      ...row,
      user_id: Number(row.user_id),
      county_id: row.county_id === null ? null : Number(row.county_id),
      since: new Date(row.since),
      seen_since: row.seen_since === true,
    }));
  }
}
