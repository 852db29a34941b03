import { Injectable } from '@nestjs/common';
import { MENTION_PICKER_LIMIT, type Mention } from '@legenett/contracts';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { approvedMemberSql, companyVisibleToSql } from '../../common/access';
import { fileKey } from '../../common/files/files.repository';
import { InjectDatabase } from '../../database/database.module';

const { postMentions, posts, partnerCompanies, userBlocks, users } = schema;

/** `term%` for LIKE, with the user's own % and _ taken literally. */
const prefix = (term: string): string => `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface MentionRow extends Mention {
  /** The post text (`comment_id` null) or the comment the mention is in. */
  post_id: number;
  comment_id: number | null;
}

/** Mentions in posts and comments, and the people picker: the only mentions file that speaks SQL. */
@Injectable()
export class MentionsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /**
   * Approved members (not the caller) whose first or last name starts with `search`
   * (users_search_name_trgm_idx serves the LIKE on the lower-cased full name).
   */
  people(viewerId: number, search: string) {
    const p = prefix(search.trim());
    return this.db
      .select({ id: users.id, slug: users.slug, first_name: users.first_name, last_name: users.last_name, avatar_key: fileKey(users.avatar_file_id) })
      .from(users)
      .where(
        and(
          approvedMemberSql(),
          ne(users.id, viewerId),
          or(sql`${users.search_name} like ${p}`, sql`${users.search_name} like ${`% ${p}`}`),
        ),
      )
      .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id))
      .limit(MENTION_PICKER_LIMIT);
  }

  /**
   * Of `ids`, the approved members (a mention of anyone else, an account awaiting approval or in
   * review included, stays plain text).
   */
  async approvedMembers(ids: readonly number[], tx?: Transaction): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await (tx ?? this.db)
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, [...ids]), approvedMemberSql()));
    return rows.map((r) => r.id);
  }

  /**
   * Of `ids`, those who may see the post: approved members (the gate of the posts' endpoints), the
   * post not archived (only its owners see it then), and a company post's company visible to them.
   */
  async maySeePost(postId: number, ids: readonly number[], tx?: Transaction): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await (tx ?? this.db)
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.id, [...ids]),
          approvedMemberSql(),
          sql`exists (select 1 from ${posts} left join ${partnerCompanies} on ${partnerCompanies.id} = ${posts.partner_company_id}
            where ${posts.id} = ${postId} and ${posts.archived_at} is null
              and (${posts.partner_company_id} is null or (${companyVisibleToSql(users.id)})))`,
        ),
      );
    return rows.map((r) => r.id);
  }

  /**
   * The one check of "the mentioned person blocked the author": answers the ids that did not. The
   * block is the messages' (`user_blocks`, docs/messages.md): someone I blocked can neither write
   * to me nor reach my bell by mentioning me (the mention stays in their text, nobody is told).
   */
  async notBlocking(ids: readonly number[], authorUserId: number, tx?: Transaction): Promise<number[]> {
    if (ids.length === 0) return [];
    const blocking = await (tx ?? this.db)
      .select({ id: userBlocks.blocker_user_id })
      .from(userBlocks)
      .where(and(inArray(userBlocks.blocker_user_id, [...ids]), eq(userBlocks.blocked_user_id, authorUserId)));
    const blocked = new Set(blocking.map((r) => r.id));
    return ids.filter((id) => !blocked.has(id));
  }

  /**
   * Sets the mentions of a post text (`commentId` null) or a comment to `userIds`: drops those no
   * longer in it, adds the new ones. Answers the ids added now (the ones to notify).
   */
  async replace(postId: number, commentId: number | null, userIds: readonly number[], tx: Transaction): Promise<number[]> {
    const where = and(eq(postMentions.post_id, postId), commentId === null ? isNull(postMentions.comment_id) : eq(postMentions.comment_id, commentId));
    await tx.delete(postMentions).where(userIds.length > 0 ? and(where, sql`${postMentions.user_id} <> all(${`{${userIds.join(',')}}`}::integer[])`) : where);
    if (userIds.length === 0) return [];
    const added = await tx
      .insert(postMentions)
      .values(userIds.map((user_id) => ({ post_id: postId, comment_id: commentId, user_id })))
      .onConflictDoNothing()
      .returning({ user_id: postMentions.user_id });
    return added.map((r) => r.user_id);
  }

  /** The people the texts of these posts mention (not their comments), visible members only. */
  ofPosts(postIds: readonly number[]): Promise<MentionRow[]> {
    if (postIds.length === 0) return Promise.resolve([]);
    return this.rendered(and(inArray(postMentions.post_id, [...postIds]), isNull(postMentions.comment_id))!);
  }

  /** The people these comments mention, visible members only. */
  ofComments(commentIds: readonly number[]): Promise<MentionRow[]> {
    if (commentIds.length === 0) return Promise.resolve([]);
    return this.rendered(inArray(postMentions.comment_id, [...commentIds]));
  }

  private rendered(where: ReturnType<typeof and>) {
    return this.db
      .select({
        post_id: postMentions.post_id,
        comment_id: postMentions.comment_id,
        id: users.id,
        slug: users.slug,
        first_name: users.first_name,
        last_name: users.last_name,
      })
      .from(postMentions)
      .innerJoin(users, eq(users.id, postMentions.user_id))
      // Only approved members show by name: someone put in review since shows as plain text.
      .where(and(where, approvedMemberSql()))
      .orderBy(asc(postMentions.id));
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /** Being mentioned is about the person: the rows go (the text keeps `@[id]`, rendered as nobody). */
  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(postMentions).where(eq(postMentions.user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return { mentions: await this.db.select().from(postMentions).where(eq(postMentions.user_id, userId)) };
  }
}
