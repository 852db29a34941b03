import { Injectable } from '@nestjs/common';
import { type VerifiedAs } from '@legenett/contracts';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { approvedMemberSql, verifiedAsSql } from '../../common/access';
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
