import { Injectable } from '@nestjs/common';
import { type SuggestionReason, type VerifiedAs } from '@legenett/contracts';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { approvedMemberAs, approvedMemberSql, verifiedAsSql } from '../../common/access';
import { fileKey } from '../../common/files/files.repository';
import { type PageSource } from '../../common/lists';
import { InjectDatabase } from '../../database/database.module';

const { users, userFollows } = schema;

export interface UserCardRow {
  id: number;
  slug: string;
  first_name: string;
  last_name: string;
  profile_avatar: string | null;
  verified_as: VerifiedAs;
}

const card = {
  id: users.id,
  slug: users.slug,
  first_name: users.first_name,
  last_name: users.last_name,
  profile_avatar: fileKey(users.avatar_file_id),
  verified_as: verifiedAsSql(users.id),
};

const visible = approvedMemberSql();

/** How many rows each source of suggestions reads at most, and how many of one's follows are asked. */
const SUGGESTION_SOURCE_LIMIT = 300;
const SUGGESTION_FOLLOWED_SAMPLE = 200;

export interface SuggestionScore {
  id: number;
  reason: SuggestionReason;
  followed_by_count: number;
}

/** Escapes LIKE wildcards so a search for `50%` means the text. */
const likeEscape = (v: string): string => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** User follows and name search; the only network file that speaks SQL. */
@Injectable()
export class NetworkRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** An approved, not deleted member by slug. */
  async memberBySlug(slug: string): Promise<UserCardRow | null> {
    const [row] = await this.db
      .select(card)
      .from(users)
      .where(and(eq(users.slug, slug), visible))
      .limit(1);
    return row ?? null;
  }

  /** True when a new follow row was written (false when it already existed). */
  async follow(followerId: number, followedId: number, tx?: Transaction): Promise<boolean> {
    const rows = await (tx ?? this.db)
      .insert(userFollows)
      .values({ follower_id: followerId, followed_user_id: followedId })
      .onConflictDoNothing()
      .returning({ id: userFollows.follower_id });
    return rows.length > 0;
  }

  async unfollow(followerId: number, followedId: number): Promise<void> {
    await this.db
      .delete(userFollows)
      .where(and(eq(userFollows.follower_id, followerId), eq(userFollows.followed_user_id, followedId)));
  }

  /** Followers newest first (user_follows_followed_created_at_idx); deleted or unapproved ones left out. */
  followers(userId: number): PageSource<UserCardRow> {
    return this.follows('followers', userId);
  }

  /** Whom a member follows, newest follow first (user_follows_follower_created_at_idx); deleted or unapproved ones left out. */
  following(userId: number): PageSource<UserCardRow> {
    return this.follows('following', userId);
  }

  private follows(direction: 'followers' | 'following', userId: number): PageSource<UserCardRow> {
    const [own, other] =
      direction === 'followers'
        ? [userFollows.followed_user_id, userFollows.follower_id]
        : [userFollows.follower_id, userFollows.followed_user_id];
    const where = and(eq(own, userId), visible);
    return {
      count: async () => {
        const [total] = await this.db
          .select({ n: count() })
          .from(userFollows)
          .innerJoin(users, eq(users.id, other))
          .where(where);
        return total?.n ?? 0;
      },
      read: (slice) =>
        this.db
          .select(card)
          .from(userFollows)
          .innerJoin(users, eq(users.id, other))
          .where(where)
          .orderBy(desc(userFollows.created_at), desc(other))
          .limit(slice.limit)
          .offset(slice.offset),
    };
  }

  /**
   * "People you may know" for `me`: four bounded sources, each an index walk that stops after
   * `SUGGESTION_SOURCE_LIMIT` fitting rows: members at the same workplace (user_info workplace
   * indexes), members followed by the (200 newest) people `me` follows (follows primary key), members
   * sharing a specialty (user_specialties_specialty_id_idx) and members in the same county
   * (user_info_county_id_idx). Each row found must be an approved, live member, not `me` and not
   * already followed (primary-key lookups). Weighted (workplace 8, each follower in common 3, each
   * shared specialty 2, county 1) and summed per member; the best `limit` ids, best first.
   */
  async suggestions(me: number, limit: number): Promise<SuggestionScore[]> {
    const fresh = (id: SQL) => sql`${id} <> ${me}
      and not exists (select 1 from ${userFollows} x where x.follower_id = ${me} and x.followed_user_id = ${id})
      and exists (select 1 from ${users} a where a.id = ${id} and ${approvedMemberAs('a')})`;
    const result = await this.db.execute<{ id: number; reason: SuggestionReason; followed_by_count: number }>(sql`
      with me as (
        select workplace_hospital_id as h, workplace_clinic_id as c, workplace_custom_id as w, county_id as k
        from user_info where user_id = ${me}
      ),
      followed as (
        select followed_user_id as id from ${userFollows} where follower_id = ${me}
        order by created_at desc limit ${SUGGESTION_FOLLOWED_SAMPLE}
      ),
      candidates as (
        (select ui.user_id as id, 'workplace' as reason, 8 as weight from user_info ui, me
          where (ui.workplace_hospital_id = me.h or ui.workplace_clinic_id = me.c or ui.workplace_custom_id = me.w)
            and ${fresh(sql`ui.user_id`)}
          limit ${SUGGESTION_SOURCE_LIMIT})
        union all
        (select f.followed_user_id, 'followed_by_followed', 3 from ${userFollows} f join followed on f.follower_id = followed.id
          where ${fresh(sql`f.followed_user_id`)}
          limit ${SUGGESTION_SOURCE_LIMIT})
        union all
        (select us.user_id, 'specialty', 2 from user_specialties us
          where us.specialty_id in (select specialty_id from user_specialties where user_id = ${me})
            and ${fresh(sql`us.user_id`)}
          limit ${SUGGESTION_SOURCE_LIMIT})
        union all
        (select ui.user_id, 'county', 1 from user_info ui, me
          where ui.county_id = me.k and ${fresh(sql`ui.user_id`)}
          limit ${SUGGESTION_SOURCE_LIMIT})
      )
      select id, (array_agg(reason order by weight desc))[1] as reason,
        (count(*) filter (where reason = 'followed_by_followed'))::int as followed_by_count
      from candidates
      group by id
      order by sum(weight) desc, id
      limit ${limit}
    `);
    return result.rows;
  }

  /** Cards of the given members, in no particular order (the caller orders them). */
  cards(ids: number[]): Promise<UserCardRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.select(card).from(users).where(inArray(users.id, ids));
  }

  /**
   * Name search on `users.search_name` (trigram GIN index): a prefix of the full name or of a later
   * word, or a fuzzy word match (`<%`); prefix hits first, then by word similarity.
   */
  search(name: string): PageSource<UserCardRow> {
    const q = name.toLowerCase();
    const prefix = `${likeEscape(q)}%`;
    const wordPrefix = `% ${likeEscape(q)}%`;
    const match: SQL = sql`(${users.search_name} like ${prefix} or ${users.search_name} like ${wordPrefix} or ${q} <% ${users.search_name})`;
    const where = and(match, visible);
    return {
      count: async () => {
        const [total] = await this.db.select({ n: count() }).from(users).where(where);
        return total?.n ?? 0;
      },
      read: (slice) =>
        this.db
          .select(card)
          .from(users)
          .where(where)
          .orderBy(
            sql`(${users.search_name} like ${prefix}) desc`,
            sql`word_similarity(${q}, ${users.search_name}) desc`,
            users.id,
          )
          .limit(slice.limit)
          .offset(slice.offset),
    };
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /** Both directions: whom the person follows and who follows them. */
  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(userFollows).where(or(eq(userFollows.follower_id, userId), eq(userFollows.followed_user_id, userId)));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      following: await this.db.select().from(userFollows).where(eq(userFollows.follower_id, userId)),
      followers: await this.db.select().from(userFollows).where(eq(userFollows.followed_user_id, userId)),
    };
  }
}
