import { Injectable } from '@nestjs/common';
import { approvedMemberAs } from '../../common/access';
import { type AlertDigestMatch, type AlertFrequency, type AlertType, type PermissionKey } from '@legenett/contracts';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { type PageSource } from '../../common/lists';
import { InjectDatabase } from '../../database/database.module';
import { ROLE_PERMISSIONS } from '../../common/auth';

const { alerts, alertMatches, alertScans } = schema;

export type AlertRow = typeof alerts.$inferSelect;

/** An alert's normalised filters: the key arrays the match index holds (`{0}` / `{*}` is "any"). */
export interface AlertKeys {
  specialty_keys: number[];
  county_keys: number[];
  city_keys: number[];
  category_keys: number[];
  variant_keys: string[];
}

export interface AlertWrite extends AlertKeys {
  type: AlertType;
  name: string;
  frequency: AlertFrequency;
  filters: Record<string, unknown>;
  search: string | undefined;
}

/** What the matching knows of a new item: its keys per dimension (with the "any" element) and its lexemes. */
interface ItemFacets {
  title: string;
  specialties: number[];
  county: number[];
  city: number[];
  category: number[];
  variant: string[];
  lexemes: string[];
  /** Videos: who may watch it. */
  access_level: 'all' | 'doctors' | 'specialties' | null;
  video_specialties: number[];
}

/** A row written by one match: the alert, its owner, and whether the owner is told at once. */
export type MatchRow = {
  alert_id: number;
  user_id: number;
  name: string;
  frequency: AlertFrequency;
};

/** The filter dimensions each type's alerts set (AlertsService `keysOf`); the others stay "any". */
const DIMENSIONS: Record<AlertType, Record<'specialty' | 'county' | 'city' | 'category' | 'variant', boolean>> = {
  job: { specialty: true, county: true, city: false, category: true, variant: true },
  course: { specialty: true, county: true, city: true, category: false, variant: true },
  petition: { specialty: true, county: false, city: false, category: false, variant: false },
  video: { specialty: false, county: false, city: false, category: true, variant: false },
};

/** `{1,2}` / `{"a","b"}`: an array as one bound value. */
const intArray = (ids: readonly number[]): string => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;
const textArray = (values: readonly string[]): string => `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** The roles whose keys hold `permission` (ROLE_PERMISSIONS, the one table of roles and keys). */
const rolesWith = (permission: PermissionKey): string[] =>
  Object.entries(ROLE_PERMISSIONS)
    .filter(([, keys]) => keys.includes(permission))
    .map(([role]) => role);

/**
 * Whether the user holds one of these roles: a scalar subquery with `limit 1`, run once per matched
 * alert through the primary key (user_id, role_id). Written as `exists`, the planner turned it into a
 * semi-join that hashed every member's roles for each new item (5 000 rows in the bench, ~1.5 ms,
 * growing with the membership); this way it reads a few index entries per match
 * (docs/performance/alerts.md).
 */
const hasRoleIn = (userId: SQL, roles: readonly string[]): SQL =>
  sql`coalesce((select true from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${userId} and r.code = any(${textArray(roles)}::text[]) limit 1), false)`;

/** Lexemes of a search as the lists' `websearch_to_tsquery('norwegian', ...)` reads its plain words. */
const lexemesOf = (search: string | undefined): SQL =>
  sql`coalesce(tsvector_to_array(to_tsvector('norwegian', ${search ?? ''})), '{}'::text[])`;

/** Alerts and their matches: the only alerts file that speaks SQL. */
@Injectable()
export class AlertsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  // ---------- my alerts ----------

  list(userId: number): PageSource<AlertRow> {
    return {
      count: () => this.count(userId),
      read: (slice) =>
        this.db.select().from(alerts).where(eq(alerts.user_id, userId)).orderBy(desc(alerts.id)).limit(slice.limit).offset(slice.offset),
    };
  }

  async count(userId: number, tx?: Transaction): Promise<number> {
    const [row] = await (tx ?? this.db).select({ n: count() }).from(alerts).where(eq(alerts.user_id, userId));
    return row?.n ?? 0;
  }

  /** Serialises one user's creations (the limit's count and the insert), not other users'. */
  async lockUser(userId: number, tx: Transaction): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('alerts'), ${userId})`);
  }

  find(userId: number, id: number): Promise<AlertRow | undefined> {
    return this.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.id, id), eq(alerts.user_id, userId)))
      .then((rows) => rows[0]);
  }

  private static columns(w: AlertWrite) {
    const { search, ...rest } = w;
    return { ...rest, search_lexemes: lexemesOf(search) };
  }

  async insert(userId: number, w: AlertWrite, tx: Transaction): Promise<AlertRow> {
    const [row] = await tx
      .insert(alerts)
      .values({ user_id: userId, ...AlertsRepository.columns(w) })
      .returning();
    return row!;
  }

  /** Only the owner's: undefined for someone else's alert or none. */
  async update(userId: number, id: number, w: AlertWrite): Promise<AlertRow | undefined> {
    const [row] = await this.db
      .update(alerts)
      .set({ ...AlertsRepository.columns(w), updated_at: new Date() })
      .where(and(eq(alerts.id, id), eq(alerts.user_id, userId)))
      .returning();
    return row;
  }

  async delete(userId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(alerts)
      .where(and(eq(alerts.id, id), eq(alerts.user_id, userId)))
      .returning({ id: alerts.id });
    return rows.length > 0;
  }

  // ---------- matching ----------

  /** The item's keys when it is visible now (published, approved ...); null when it is not (yet). */
  async facets(type: AlertType, id: number): Promise<ItemFacets | null> {
    const result = await this.db.execute<{
      title: string;
      specialties: number[] | null;
      county: number | null;
      city: number | null;
      category: number | null;
      variant: string | null;
      lexemes: string[] | null;
      access_level: ItemFacets['access_level'];
      video_specialties: number[] | null;
    }>(AlertsRepository.facetsSql(type, id));
    const r = result.rows[0];
    if (!r) return null;
    return {
      title: r.title,
      specialties: [0, ...(r.specialties ?? [])],
      county: [0, ...(r.county === null ? [] : [r.county])],
      city: [0, ...(r.city === null ? [] : [r.city])],
      category: [0, ...(r.category === null ? [] : [r.category])],
      variant: ['*', ...(r.variant === null ? [] : [r.variant])],
      lexemes: r.lexemes ?? [],
      access_level: r.access_level,
      video_specialties: r.video_specialties ?? [],
    };
  }

  private static facetsSql(type: AlertType, id: number): SQL {
    switch (type) {
      case 'job':
        return sql`select j.title, (select array_agg(s.specialty_id) from job_specialties s where s.job_id = j.id) as specialties,
            j.county_id as county, j.city_id as city, j.job_category_id as category, j.workplace_type as variant,
            tsvector_to_array(j.search) as lexemes, null as access_level, null as video_specialties
          from jobs j where j.id = ${id} and j.status = 'published' and j.published_at <= now()`;
      case 'course':
        return sql`select c.title, (select array_agg(s.specialty_id) from course_specialties s where s.course_id = c.id) as specialties,
            c.county_id as county, c.city_id as city, null::integer as category, c.type as variant,
            tsvector_to_array(c.search) as lexemes, null as access_level, null as video_specialties
          from courses c where c.id = ${id} and c.status = 'approved'`;
      case 'petition':
        return sql`select p.title, (select array_agg(s.specialty_id) from petition_specialties s where s.petition_id = p.id) as specialties,
            null::integer as county, null::integer as city, null::integer as category, null::text as variant,
            tsvector_to_array(p.search) as lexemes, null as access_level, null as video_specialties
          from petitions p where p.id = ${id} and p.visibility = 'open' and p.status <> 'draft' and p.published_at is not null`;
      case 'video':
        return sql`select v.title, null::integer[] as specialties, null::integer as county, null::integer as city,
            v.category_id as category, null::text as variant, tsvector_to_array(v.search) as lexemes,
            v.access_level, v.specialty_ids as video_specialties
          from videos v where v.id = ${id} and v.published_at is not null and v.published_at <= now()`;
    }
  }

  /**
   * Who may see an item of this type, on `users u` (the gates of its list: the permission key of the
   * list's endpoint through the roles; videos: confirmed health personnel and the item's access level).
   */
  private static mayReceive(type: AlertType, f: ItemFacets): SQL {
    const member = approvedMemberAs('u');
    const uid = sql`u.id`;
    switch (type) {
      case 'job':
        return sql`${member} and ${hasRoleIn(uid, rolesWith('jobs-read'))}`;
      case 'course':
        return sql`${member} and ${hasRoleIn(uid, rolesWith('course-read'))}`;
      case 'petition':
        return member;
      case 'video': {
        const confirmed = sql`exists (select 1 from user_info ui where ui.user_id = u.id and ui.approved_hrp = 2)`;
        const admin = hasRoleIn(uid, ['admin']);
        const level =
          f.access_level === 'doctors'
            ? sql`(${admin} or ${hasRoleIn(uid, ['doctor'])})`
            : f.access_level === 'specialties'
              ? sql`(${admin} or exists (select 1 from user_specialties us where us.user_id = u.id and us.specialty_id = any(${intArray(f.video_specialties)}::integer[])))`
              : sql`true`;
        return sql`${member} and ${confirmed} and ${hasRoleIn(uid, rolesWith('video-viewer-read'))} and ${level}`;
      }
    }
  }

  /**
   * The alerts `f` matches, found through the type's partial GIN index (alerts_<type>_match_idx): per
   * dimension `keys && array[0, <item ids>]`, and `search_lexemes <@ <item lexemes>`. Read only.
   */
  private static matchingSql(type: AlertType, f: ItemFacets): SQL {
    // Only the dimensions the type's alerts can set: the others hold "any" in every row, and asking
    // for them would make the index read a posting list of every alert of the type.
    const used = DIMENSIONS[type];
    const keys = [
      used.specialty && sql`and a.specialty_keys && ${intArray(f.specialties)}::integer[]`,
      used.county && sql`and a.county_keys && ${intArray(f.county)}::integer[]`,
      used.city && sql`and a.city_keys && ${intArray(f.city)}::integer[]`,
      used.category && sql`and a.category_keys && ${intArray(f.category)}::integer[]`,
      used.variant && sql`and a.variant_keys && ${textArray(f.variant)}::text[]`,
    ].filter((x): x is SQL => x !== false);
    // The alerts first, through the index, computed once (a materialized CTE: the planner, which
    // cannot estimate several `&&` together, would otherwise start from the users and read the
    // alerts once per user). Then each candidate's owner, by primary key: a scalar subquery, which
    // PostgreSQL never turns into a join, so the cost follows the matches (~160) and not the
    // membership. As a join, with the CTE guessed at a row or two, the planner scanned every approved
    // member and checked their roles before joining (5 001 users, 45-80 ms in the bench;
    // docs/performance/alerts.md).
    return sql`with candidates as materialized (
        select a.id, a.user_id, a.name, a.frequency from alerts a
        where a.type = ${sql.raw(`'${type}'`)}
          ${sql.join(keys, sql` `)}
          and a.search_lexemes <@ ${textArray(f.lexemes)}::text[])
      select a.id, a.user_id, a.name, a.frequency from candidates a
      where coalesce((select ${AlertsRepository.mayReceive(type, f)} from users u where u.id = a.user_id), false)`;
  }

  /** The alerts an item matches, without writing (the bench's timing, tests). */
  async matching(type: AlertType, f: ItemFacets): Promise<{ id: number; user_id: number }[]> {
    const result = await this.db.execute<{ id: number; user_id: number }>(AlertsRepository.matchingSql(type, f));
    return result.rows;
  }

  /**
   * Records the item's matches, once per alert (`alert_matches_alert_item_key`), and marks the item
   * scanned; answers the rows written now. A user with an immediate alert among those that matched
   * gets every row marked `immediate`: they are told at once, so the digest does not repeat it.
   */
  async recordMatches(type: AlertType, id: number, f: ItemFacets, tx: Transaction): Promise<MatchRow[]> {
    const result = await tx.execute<MatchRow>(sql`
      with found as (${AlertsRepository.matchingSql(type, f)}),
      written as (
        insert into alert_matches (alert_id, user_id, item_type, item_id, frequency, title)
        select found.id, found.user_id, ${type}, ${id},
          case when bool_or(found.frequency = 'immediate') over (partition by found.user_id) then 'immediate' else found.frequency end,
          ${f.title}
        from found
        on conflict (alert_id, item_type, item_id) do nothing
        returning alert_id, user_id, frequency
      )
      select w.alert_id, w.user_id, w.frequency, found.name from written w join found on found.id = w.alert_id
      order by w.user_id, w.alert_id`);
    await tx
      .insert(alertScans)
      .values({ item_type: type, item_id: id, matches: result.rows.length })
      .onConflictDoNothing();
    return result.rows;
  }

  async scanned(type: AlertType, id: number): Promise<boolean> {
    const rows = await this.db
      .select({ n: alertScans.item_id })
      .from(alertScans)
      .where(and(eq(alertScans.item_type, type), eq(alertScans.item_id, id)));
    return rows.length > 0;
  }

  /**
   * Jobs and videos published on a schedule whose time has come in the last two days and that no
   * match ran for yet (the request that scheduled them found them unpublished): at most `limit`.
   */
  async dueScheduled(limit: number): Promise<{ type: AlertType; id: number }[]> {
    const result = await this.db.execute<{ type: AlertType; id: number }>(sql`
      (select 'job' as type, j.id from jobs j
        where j.published_at <= now() and j.published_at > now() - interval '2 days' and j.status = 'published'
          and not exists (select 1 from alert_scans s where s.item_type = 'job' and s.item_id = j.id)
        limit ${limit})
      union all
      (select 'video' as type, v.id from videos v
        where v.published_at <= now() and v.published_at > now() - interval '2 days'
          and not exists (select 1 from alert_scans s where s.item_type = 'video' and s.item_id = v.id)
        limit ${limit})`);
    return result.rows;
  }

  // ---------- the digest ----------

  /** See AlertsDigestReader.matchesSince. */
  async digestMatches(
    userId: number,
    since: Date,
    until: Date,
    frequencies: readonly Exclude<AlertFrequency, 'immediate'>[],
    limit: number,
  ): Promise<AlertDigestMatch[]> {
    const result = await this.db.execute<{ item_type: AlertType; item_id: number; title: string; alert_names: string[]; matched_at: string | Date }>(sql`
      select m.item_type, m.item_id, min(m.title) as title, array_agg(distinct a.name order by a.name) as alert_names,
        min(m.matched_at) as matched_at
      from alert_matches m join alerts a on a.id = m.alert_id
      where m.user_id = ${userId} and m.frequency <> 'immediate'
        and m.frequency = any(${textArray(frequencies)}::text[])
        and m.matched_at > ${since.toISOString()}::timestamptz and m.matched_at <= ${until.toISOString()}::timestamptz
      group by m.item_type, m.item_id
      order by min(m.matched_at) desc, m.item_id desc
      limit ${limit}`);
    return result.rows.map((r) => ({ ...r, matched_at: new Date(r.matched_at) }));
  }

  /**
   * `digestMatches` for many readers in one statement (the digest's send batch): the same query as a
   * `join lateral` per reader (alert_matches_digest_idx), keyed by user id.
   */
  async digestMatchesMany(
    readers: readonly { userId: number; since: Date }[],
    until: Date,
    frequencies: readonly Exclude<AlertFrequency, 'immediate'>[],
    limit: number,
  ): Promise<Map<number, AlertDigestMatch[]>> {
    const out = new Map<number, AlertDigestMatch[]>();
    if (readers.length === 0) return out;
    const ids = `{${readers.map((r) => Math.trunc(r.userId)).join(',')}}`;
    const sinces = `{${readers.map((r) => `"${r.since.toISOString()}"`).join(',')}}`;
    const result = await this.db.execute<{ user_id: number; item_type: AlertType; item_id: number; title: string; alert_names: string[]; matched_at: string | Date }>(sql`
      select r.user_id, m.item_type, m.item_id, m.title, m.alert_names, m.matched_at
      from unnest(${ids}::int[], ${sinces}::timestamptz[]) as r(user_id, since)
      cross join lateral (
        select m.item_type, m.item_id, min(m.title) as title, array_agg(distinct a.name order by a.name) as alert_names,
          min(m.matched_at) as matched_at
        from alert_matches m join alerts a on a.id = m.alert_id
        where m.user_id = r.user_id and m.frequency <> 'immediate'
          and m.frequency = any(${textArray(frequencies)}::text[])
          and m.matched_at > r.since and m.matched_at <= ${until.toISOString()}::timestamptz
        group by m.item_type, m.item_id
        order by min(m.matched_at) desc, m.item_id desc
        limit ${limit}) m
      order by r.user_id, m.matched_at desc, m.item_id desc`);
    for (const { user_id, ...row } of result.rows) {
      const match = { ...row, item_id: Number(row.item_id), matched_at: new Date(row.matched_at) };
      const list = out.get(Number(user_id));
      if (list) list.push(match);
      else out.set(Number(user_id), [match]);
    }
    return out;
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /** Saved searches and their matches are the person's own. */
  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(alertMatches).where(eq(alertMatches.user_id, userId));
    await tx.delete(alerts).where(eq(alerts.user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      alerts: await this.db.select().from(alerts).where(eq(alerts.user_id, userId)),
      alert_matches: await this.db.select().from(alertMatches).where(eq(alertMatches.user_id, userId)),
    };
  }
}
