import { Injectable } from '@nestjs/common';
import { type FeedCursor, SHARED_EXCERPT_LENGTH, type VerifiedAs } from '@legenett/contracts';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, asc, count, eq, isNotNull, isNull, notInArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { companyVisibleToSql, HIDDEN_STATUSES, managesCompanySql, verifiedAsSql, visibleMemberSql } from '../../common/access';
import { fileKey, variantKey } from '../../common/files/files.repository';
import { type PageSource } from '../../common/lists';
import { InjectDatabase } from '../../database/database.module';
import { inIdsPlaceholder, perShape } from '../../database/prepared';
import { digestRowsByReader, type DigestSectionReader } from '../notifications';

const { posts, postAttachments, postComments, postLikes, users, partnerCompanies, partnerCompanyFollowers, userFollows, storedFiles, petitions } = schema;

export interface PostRow {
  id: number;
  slug: string;
  body: string;
  author_user_id: number | null;
  partner_company_id: number | null;
  created_by_user_id: number | null;
  author: PostAuthor | null;
  company: { id: number; slug: string; name: string } | null;
  is_comments_allowed: boolean;
  shared_post_id: number | null;
  is_share: boolean;
  /** The shared original when the viewer may see it (see `sharedPostJson`), else null. */
  shared_post: SharedPostRow | null;
  shared_petition: { id: number; title: string } | null;
  likes_count: number;
  comments_count: number;
  shares_count: number;
  liked_by_me: boolean;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** created_at at full (microsecond) precision, for the feed cursor. */
  cursor_ts: string;
}

/** The embed of a shared post as the page query reads it; file keys become links in the service. */
export interface SharedPostRow {
  id: number;
  author: { id: number; slug: string; first_name: string; last_name: string; verified_as: VerifiedAs; avatar_key: string | null } | null;
  company: { id: number; slug: string; name: string; logo_key: string | null } | null;
  excerpt: string;
  truncated: boolean;
  image_key: string | null;
  image_thumb_key: string | null;
  created_at: string;
}

export interface AttachmentRow {
  id: number;
  post_id: number;
  kind: 'image' | 'document';
  storage_key: string;
  preview_key: string | null;
  original_name: string | null;
  mime: string;
}

/** A stored file (its `stored_files` main row) to attach. */
export interface NewAttachment {
  kind: 'image' | 'document';
  file_id: number;
}

/** A post's or comment's user author as the wire shows it. */
export interface PostAuthor {
  id: number;
  slug: string;
  first_name: string;
  last_name: string;
  verified_as: VerifiedAs;
}

export interface CommentRow {
  id: number;
  post_id: number;
  body: string;
  author_user_id: number | null;
  partner_company_id: number | null;
  author: PostAuthor | null;
  company: { id: number; slug: string; name: string } | null;
  created_at: Date;
}

export interface NewPost {
  slug: string;
  body: string;
  author_user_id: number | null;
  partner_company_id: number | null;
  created_by_user_id: number;
  shared_post_id: number | null;
}

const authorJson = sql<
  PostRow['author']
>`case when ${users.id} is null then null else json_build_object('id', ${users.id}, 'slug', ${users.slug}, 'first_name', ${users.first_name}, 'last_name', ${users.last_name}, 'verified_as', ${verifiedAsSql(users.id)}) end`;
const companyJson = sql<
  PostRow['company']
>`case when ${partnerCompanies.id} is null then null else json_build_object('id', ${partnerCompanies.id}, 'slug', ${partnerCompanies.slug}, 'name', ${partnerCompanies.name}) end`;
const original = alias(posts, 'original');
const originalAuthor = alias(users, 'original_author');
const originalCompany = alias(partnerCompanies, 'original_company');
const originalImage = alias(postAttachments, 'original_image');
/**
 * (An alias renders as its name alone in `sql`: the table goes before it.)
 * The original a share embeds, in the same statement as the page (no query per post): its writer
 * or company, the first SHARED_EXCERPT_LENGTH characters, its first picture. Null when the viewer
 * may not see it: archived, its writer deleted, blocked or rejected, its company deleted or
 * unpublished and not managed by the viewer (the rules of `find` and the feed).
 */
const sharedPostJson = (viewerId: number | SQL) => sql<SharedPostRow | null>`(
  select json_build_object(
    'id', ${original.id},
    'author', case when ${originalAuthor.id} is null or ${original.partner_company_id} is not null then null else json_build_object(
      'id', ${originalAuthor.id}, 'slug', ${originalAuthor.slug}, 'first_name', ${originalAuthor.first_name},
      'last_name', ${originalAuthor.last_name}, 'verified_as', ${verifiedAsSql(originalAuthor.id)},
      'avatar_key', ${fileKey(originalAuthor.avatar_file_id)}) end,
    'company', case when ${originalCompany.id} is null then null else json_build_object(
      'id', ${originalCompany.id}, 'slug', ${originalCompany.slug}, 'name', ${originalCompany.name},
      'logo_key', ${fileKey(originalCompany.logo_file_id)}) end,
    'excerpt', left(${original.body}, ${SHARED_EXCERPT_LENGTH}),
    'truncated', char_length(${original.body}) > ${SHARED_EXCERPT_LENGTH},
    'image_key', (select ${fileKey(originalImage.file_id)} from ${postAttachments} ${originalImage}
      where ${originalImage.post_id} = ${original.id} and ${originalImage.kind} = 'image' order by ${originalImage.position} limit 1),
    'image_thumb_key', (select ${variantKey(originalImage.file_id, 'sm')} from ${postAttachments} ${originalImage}
      where ${originalImage.post_id} = ${original.id} and ${originalImage.kind} = 'image' order by ${originalImage.position} limit 1),
    'created_at', to_char(${original.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  from ${posts} ${original}
  left join ${users} ${originalAuthor} on ${originalAuthor.id} = ${original.author_user_id}
  left join ${partnerCompanies} ${originalCompany} on ${originalCompany.id} = ${original.partner_company_id}
  where ${original.id} = ${posts.shared_post_id} and ${original.archived_at} is null
    and (${original.author_user_id} is null or (${originalAuthor.deleted_at} is null and ${notInArray(originalAuthor.status, [...HIDDEN_STATUSES])}))
    and (${original.partner_company_id} is null or (${originalCompany.deleted_at} is null
      and (${originalCompany.is_published} or ${managesCompanySql(viewerId, originalCompany.id)}))))`;

/** Newest first in the order of the posts indexes (drizzle's `.desc()` builds them `nulls last`). */
const newestFirst = [sql`${posts.created_at} desc nulls last`, sql`${posts.id} desc nulls last`];
/** Company posts of a deleted company are gone for everyone. */
const companyAlive = or(isNull(posts.partner_company_id), isNull(partnerCompanies.deleted_at));
/**
 * Company posts the viewer may see: of a live company that is published or that the viewer manages
 * (the company page's rule). Used with the join on partner_companies of `select()`.
 */
const companyVisibleTo = (viewerId: number | SQL) => or(isNull(posts.partner_company_id), companyVisibleToSql(viewerId));

/** Where a feed page starts: a cursor's values, or placeholders of the prepared page (`feedPage`). */
interface FeedAfter {
  created_at: string | Placeholder;
  id: number | Placeholder;
}

/** What decides the SQL text of a feed page (database/prepared.ts): its size, and whether a cursor is given. */
interface FeedShape {
  /** Rows read: the page size + 1. */
  take: number;
  after: boolean;
}

/** Posts, attachments, comments and likes; the only posts file that speaks SQL. */
@Injectable()
export class PostsRepository {
  /** Attachments of a page's posts: prepared, it runs on every feed page (database/prepared.ts). */
  private readonly attachmentsQuery;

  constructor(@InjectDatabase() private readonly db: Database) {
    this.attachmentsQuery = db
      .select({
        id: postAttachments.id,
        post_id: postAttachments.post_id,
        kind: postAttachments.kind,
        storage_key: storedFiles.storage_key,
        preview_key: variantKey(postAttachments.file_id, 'sm'),
        original_name: storedFiles.original_name,
        mime: storedFiles.content_type,
      })
      .from(postAttachments)
      .innerJoin(storedFiles, eq(storedFiles.id, postAttachments.file_id))
      .where(inIdsPlaceholder(postAttachments.post_id))
      .orderBy(asc(postAttachments.post_id), asc(postAttachments.position))
      .prepare('posts_attachments');
  }

  /**
   * Feed pages prepared per shape (page size, first page or after a cursor), the viewer and the
   * cursor as placeholders (database/prepared.ts): the feed has no filters, so every page goes
   * through these. With the page size in the SQL text PostgreSQL keeps one generic plan per
   * connection instead of planning the statement (a dozen relations) on every request.
   */
  private readonly feedPage = perShape(
    'posts_feed',
    (s: FeedShape) => `${s.take}_${s.after ? 1 : 0}`,
    (s, name) =>
      this.feedQuery(
        sql`${sql.placeholder('viewerId')}`,
        s.after ? { created_at: sql.placeholder('cursorTs'), id: sql.placeholder('cursorId') } : null,
        s.take,
      ).prepare(name),
  );

  /** `viewerId` is a value, or a placeholder in a prepared statement (`feedPage`). */
  private select(viewerId: number | SQL) {
    return this.db
      .select({
        id: posts.id,
        slug: posts.slug,
        body: posts.body,
        author_user_id: posts.author_user_id,
        partner_company_id: posts.partner_company_id,
        created_by_user_id: posts.created_by_user_id,
        author: authorJson,
        company: companyJson,
        is_comments_allowed: sql<boolean>`coalesce(${partnerCompanies.is_comments_allowed}, true)`,
        shared_post_id: posts.shared_post_id,
        is_share: posts.is_share,
        shared_post: sharedPostJson(viewerId),
        // A linked petition, unless it went back to nobody's eyes (drafts are never linked).
        shared_petition: sql<PostRow['shared_petition']>`(select json_build_object('id', p.id, 'title', p.title) from ${petitions} p where p.id = ${posts.shared_petition_id} and p.status <> 'draft')`,
        likes_count: posts.likes_count,
        comments_count: posts.comments_count,
        shares_count: posts.shares_count,
        liked_by_me: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.post_id} = ${posts.id} and ${postLikes.user_id} = ${viewerId})`,
        archived_at: posts.archived_at,
        created_at: posts.created_at,
        updated_at: posts.updated_at,
        cursor_ts: sql<string>`to_char(${posts.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(posts)
      .leftJoin(users, eq(users.id, posts.author_user_id))
      .leftJoin(partnerCompanies, eq(partnerCompanies.id, posts.partner_company_id));
  }

  async find(where: { id: number } | { slug: string }, viewerId: number): Promise<PostRow | null> {
    const cond = 'id' in where ? eq(posts.id, where.id) : eq(posts.slug, where.slug);
    const [row] = await this.select(viewerId).where(and(cond, companyVisibleTo(viewerId)));
    return row ?? null;
  }

  /**
   * Posts of followed users and companies plus the viewer's own, not archived, one keyset page (+1 to
   * know if more follow). Merged per author: each followed user (and the viewer) and each followed live
   * company gives at most `limit + 1` ids from its own keyset range (index-only scans of
   * posts_author_created_at_id_idx / posts_company_created_at_id_idx, which carry `archived_at`), the
   * newest `limit + 1` of those are the page, and only those rows are joined to their authors and like
   * state. The cost follows the number of followed authors, not the size of the table or the depth of
   * the cursor. `nulls last` matches the indexes (drizzle's `.desc()`), so each range stops after
   * `limit + 1` entries instead of sorting all of an author's posts. (A single scan of posts filtered
   * by "author followed" read the whole table: see docs/performance/feed.md.)
   */
  feed(viewerId: number, cursor: FeedCursor | null, take: number): Promise<PostRow[]> {
    return this.feedPage({ take, after: cursor !== null }).execute({
      viewerId,
      cursorTs: cursor?.created_at,
      cursorId: cursor?.id,
    });
  }

  /**
   * The statement of `feed`, built once per shape by `feedPage`: the viewer and the cursor are values
   * or placeholders, the rows to read (`take`: the page size + 1, readKeyset) are written into the SQL
   * text (`inSlice` explains why).
   */
  private feedQuery(viewerId: number | SQL, cursor: FeedAfter | null, rows: number) {
    if (!Number.isInteger(rows) || rows < 1) throw new Error(`feed: bad page size ${rows}`);
    const take = sql.raw(String(rows));
    const after = cursor
      ? sql`and (${posts.created_at}, ${posts.id}) < (${cursor.created_at}::timestamptz, ${cursor.id})`
      : sql``;
    const newestOf = (owner: SQL) => sql`
      select ${posts.id}, ${posts.created_at} from ${posts}
      where ${owner} and ${posts.archived_at} is null ${after}
      order by ${posts.created_at} desc nulls last, ${posts.id} desc nulls last limit ${take}`;
    const pageIds = sql`
      select page.id from (
        select own.id, own.created_at
        from (select ${userFollows.followed_user_id} as author_id from ${userFollows}
              join ${users} on ${users.id} = ${userFollows.followed_user_id} and ${visibleMemberSql()}
              where ${userFollows.follower_id} = ${viewerId}
              union all select ${viewerId}::int) as authors
        cross join lateral (${newestOf(sql`${posts.author_user_id} = authors.author_id`)}) as own
        union all
        select company.id, company.created_at
        from ${partnerCompanyFollowers}
        join ${partnerCompanies} on ${partnerCompanies.id} = ${partnerCompanyFollowers.partner_company_id} and ${companyVisibleToSql(viewerId)}
        cross join lateral (${newestOf(sql`${posts.partner_company_id} = ${partnerCompanyFollowers.partner_company_id}`)}) as company
        where ${partnerCompanyFollowers.user_id} = ${viewerId}
      ) as page
      order by page.created_at desc, page.id desc limit ${take}`;
    // The ids are at most `limit + 1` already: no outer limit (a `limit $n` would be one more value to plan for).
    return this.select(viewerId)
      .where(and(sql`${posts.id} in (${pageIds})`, companyAlive))
      .orderBy(...newestFirst);
  }

  /** A company's posts (live or archived, optional Norwegian full-text search), numbered pages. */
  byCompany(
    companyId: number,
    filter: { archived: boolean; search: string | null },
    viewerId: number,
  ): PageSource<PostRow> {
    const conditions: SQL[] = [
      eq(posts.partner_company_id, companyId),
      filter.archived ? isNotNull(posts.archived_at) : isNull(posts.archived_at),
    ];
    if (filter.search)
      conditions.push(sql`${posts.search} @@ plainto_tsquery('norwegian', ${filter.search})`);
    return this.numbered(and(...conditions)!, viewerId);
  }

  /** Posts matching `where` as a numbered list, newest first. */
  private numbered(where: SQL, viewerId: number): PageSource<PostRow> {
    return {
      count: async () => {
        const [total] = await this.db.select({ n: count() }).from(posts).where(where);
        return total?.n ?? 0;
      },
      read: (slice) =>
        this.select(viewerId)
          .where(where)
          .orderBy(...newestFirst)
          .limit(slice.limit)
          .offset(slice.offset),
    };
  }

  /**
   * The header search: the newest live posts whose text matches (Norwegian full text over
   * posts_search_idx), of visible members and of companies the viewer may see, at most `limit`.
   */
  search(term: string, viewerId: number, limit: number): Promise<PostRow[]> {
    return this.select(viewerId)
      .where(
        and(
          sql`${posts.search} @@ plainto_tsquery('norwegian', ${term})`,
          isNull(posts.archived_at),
          or(isNull(posts.author_user_id), visibleMemberSql()),
          companyAlive,
          companyVisibleTo(viewerId),
        ),
      )
      .orderBy(...newestFirst)
      .limit(limit);
  }

  /** A member's own live posts (company posts they wrote belong to the company), one keyset page (`take`: page size + 1). */
  byAuthor(authorId: number, viewerId: number, cursor: FeedCursor | null, take: number): Promise<PostRow[]> {
    const conditions: SQL[] = [
      eq(posts.author_user_id, authorId),
      isNull(posts.partner_company_id),
      isNull(posts.archived_at),
    ];
    if (cursor)
      conditions.push(
        sql`(${posts.created_at}, ${posts.id}) < (${cursor.created_at}::timestamptz, ${cursor.id})`,
      );
    return this.select(viewerId)
      .where(and(...conditions))
      .orderBy(...newestFirst)
      .limit(take);
  }

  archivedOf(userId: number): PageSource<PostRow> {
    return this.numbered(and(eq(posts.author_user_id, userId), isNotNull(posts.archived_at))!, userId);
  }

  attachmentsOf(postIds: number[]): Promise<AttachmentRow[]> {
    if (postIds.length === 0) return Promise.resolve([]);
    return this.attachmentsQuery.execute({ ids: postIds });
  }

  /** The new post and its attachments; a share also counts on the shared post. */
  insert(post: NewPost, attachments: NewAttachment[], outer?: Transaction): Promise<number> {
    return (outer ?? this.db).transaction(async (tx) => {
      const [row] = await tx.insert(posts).values({ ...post, is_share: post.shared_post_id !== null }).returning({ id: posts.id });
      const id = row!.id;
      if (attachments.length > 0) {
        await tx
          .insert(postAttachments)
          .values(attachments.map((a, position) => ({ ...a, post_id: id, position })));
      }
      if (post.shared_post_id !== null) {
        await tx
          .update(posts)
          .set({ shares_count: sql`${posts.shares_count} + 1` })
          .where(eq(posts.id, post.shared_post_id));
      }
      return id;
    });
  }

  async updateBody(id: number, body: string, tx?: Transaction): Promise<void> {
    await (tx ?? this.db).update(posts).set({ body, updated_at: new Date() }).where(eq(posts.id, id));
  }

  async setArchived(id: number, archived: boolean): Promise<void> {
    await this.db
      .update(posts)
      .set({
        archived_at: archived ? sql`coalesce(${posts.archived_at}, now())` : null,
        updated_at: new Date(),
      })
      .where(eq(posts.id, id));
  }

  /** Deletes the post (attachments, comments and likes cascade) and answers the files it used. */
  delete(id: number): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const files = await tx.select({ id: postAttachments.file_id }).from(postAttachments).where(eq(postAttachments.post_id, id));
      const [gone] = await tx.delete(posts).where(eq(posts.id, id)).returning({ shared_post_id: posts.shared_post_id });
      if (gone?.shared_post_id) {
        await tx
          .update(posts)
          .set({ shares_count: sql`greatest(${posts.shares_count} - 1, 0)` })
          .where(eq(posts.id, gone.shared_post_id));
      }
      return files.map((f) => f.id);
    });
  }

  private selectComments() {
    return this.db
      .select({
        id: postComments.id,
        post_id: postComments.post_id,
        body: postComments.body,
        author_user_id: postComments.author_user_id,
        partner_company_id: postComments.partner_company_id,
        author: authorJson,
        company: companyJson,
        created_at: postComments.created_at,
      })
      .from(postComments)
      .leftJoin(users, eq(users.id, postComments.author_user_id))
      .leftJoin(partnerCompanies, eq(partnerCompanies.id, postComments.partner_company_id));
  }

  comments(postId: number): PageSource<CommentRow> {
    return {
      count: async () => {
        const [total] = await this.db
          .select({ n: count() })
          .from(postComments)
          .where(eq(postComments.post_id, postId));
        return total?.n ?? 0;
      },
      read: (slice) =>
        this.selectComments()
          .where(eq(postComments.post_id, postId))
          .orderBy(asc(postComments.created_at), asc(postComments.id))
          .limit(slice.limit)
          .offset(slice.offset),
    };
  }

  async findComment(postId: number, commentId: number): Promise<CommentRow | null> {
    const [row] = await this.selectComments().where(
      and(eq(postComments.id, commentId), eq(postComments.post_id, postId)),
    );
    return row ?? null;
  }

  addComment(
    postId: number,
    author: { author_user_id: number | null; partner_company_id: number | null },
    body: string,
    outer?: Transaction,
  ): Promise<number> {
    return (outer ?? this.db).transaction(async (tx) => {
      const [row] = await tx
        .insert(postComments)
        .values({ post_id: postId, ...author, body })
        .returning({ id: postComments.id });
      await tx
        .update(posts)
        .set({ comments_count: sql`${posts.comments_count} + 1` })
        .where(eq(posts.id, postId));
      return row!.id;
    });
  }

  deleteComment(postId: number, commentId: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const gone = await tx
        .delete(postComments)
        .where(and(eq(postComments.id, commentId), eq(postComments.post_id, postId)))
        .returning({ id: postComments.id });
      if (gone.length === 0) return false;
      await tx
        .update(posts)
        .set({ comments_count: sql`greatest(${posts.comments_count} - 1, 0)` })
        .where(eq(posts.id, postId));
      return true;
    });
  }

  /** Adds or removes the like; the count moves only when the like row did. */
  setLike(postId: number, userId: number, liked: boolean, outer?: Transaction): Promise<{ changed: boolean; likes_count: number }> {
    return (outer ?? this.db).transaction(async (tx) => {
      const changed = liked
        ? (
            await tx
              .insert(postLikes)
              .values({ post_id: postId, user_id: userId })
              .onConflictDoNothing()
              .returning({ id: postLikes.post_id })
          ).length > 0
        : (
            await tx
              .delete(postLikes)
              .where(and(eq(postLikes.post_id, postId), eq(postLikes.user_id, userId)))
              .returning({ id: postLikes.post_id })
          ).length > 0;
      const delta = changed ? (liked ? 1 : -1) : 0;
      const [row] = await tx
        .update(posts)
        .set({ likes_count: sql`greatest(${posts.likes_count} + ${delta}, 0)` })
        .where(eq(posts.id, postId))
        .returning({ likes_count: posts.likes_count });
      return { changed, likes_count: row?.likes_count ?? 0 };
    });
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /**
   * The person's posts (with their attachment rows, comments and likes), comments and likes go;
   * company posts stay. The attached files are the writer's uploads: the files step deletes them
   * once nothing points at them.
   */
  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(posts).where(eq(posts.author_user_id, userId));
    await tx.update(posts).set({ created_by_user_id: null }).where(eq(posts.created_by_user_id, userId));
    await tx.delete(postComments).where(eq(postComments.author_user_id, userId));
    await tx.delete(postLikes).where(eq(postLikes.user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      posts: await this.db.select().from(posts).where(eq(posts.author_user_id, userId)),
      post_comments: await this.db.select().from(postComments).where(eq(postComments.author_user_id, userId)),
      post_likes: await this.db.select().from(postLikes).where(eq(postLikes.user_id, userId)),
    };
  }

  /**
   * The digest's discussed posts (`PostsDigestSection`) for a send batch's readers in one statement:
   * per reader the three most commented posts since their last digest by people they follow.
   */
  digestMany(readers: readonly DigestSectionReader[]) {
    return digestRowsByReader<{ user_id: number; id: number; body: string; comments_count: number; first_name: string; last_name: string }>(
      this.db,
      readers,
      (r) => sql`
      select r.user_id, p.id, p.body, p.comments_count, p.first_name, p.last_name
      from ${r}
      cross join lateral (
        select p.id, left(p.body, 140) as body, p.comments_count, u.first_name, u.last_name
        from user_follows f
        join posts p on p.author_user_id = f.followed_user_id
        join users u on u.id = p.author_user_id
        where f.follower_id = r.user_id and p.created_at >= r.since
          and p.archived_at is null and p.comments_count > 0
        order by p.comments_count desc, p.id desc
        limit 3) p
      order by r.user_id, p.comments_count desc, p.id desc`,
    );
  }
}
