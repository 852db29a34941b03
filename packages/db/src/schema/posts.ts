import { sql } from 'drizzle-orm';
import {
  boolean,
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { inList, norwegianSearch, timestamps, tstz, tsvector } from './_shared';
import { partnerCompanies, users, storedFiles } from './accounts';
import { petitions } from './petitions';

export const POST_ATTACHMENT_KINDS = ['image', 'document'] as const;

/**
 * Owned by exactly one of a user or a partner company. Feed pages are keyset-paginated on
 * (created_at desc, id desc).
 */
export const posts = pgTable(
  'posts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    slug: text('slug').notNull().unique(),
    author_user_id: integer('author_user_id').references(() => users.id, { onDelete: 'cascade' }),
    partner_company_id: integer('partner_company_id').references(() => partnerCompanies.id, {
      onDelete: 'cascade',
    }),
    /** The manager who wrote a company post (for audit; not shown). */
    created_by_user_id: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    archived_at: tstz('archived_at'),
    /** A share points at what it shares; the shared thing going away leaves the share's own text. */
    shared_post_id: bigint('shared_post_id', { mode: 'number' }).references((): AnyPgColumn => posts.id, {
      onDelete: 'set null',
    }),
    /**
     * Set when the post was made as a share of another post: stays true after the shared post is gone
     * (`shared_post_id` then null), so the share says "no longer available" instead of looking like
     * a post of its own.
     */
    is_share: boolean('is_share').notNull().default(false),
    shared_petition_id: integer('shared_petition_id').references(() => petitions.id, {
      onDelete: 'set null',
    }),
    likes_count: integer('likes_count').notNull().default(0),
    comments_count: integer('comments_count').notNull().default(0),
    shares_count: integer('shares_count').notNull().default(0),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(norwegianSearch([['body', 'A']])),
    ...timestamps,
  },
  (t) => [
    check('posts_one_owner_check', sql`num_nonnulls(${t.author_user_id}, ${t.partner_company_id}) = 1`),
    check(
      'posts_one_share_target_check',
      sql`num_nonnulls(${t.shared_post_id}, ${t.shared_petition_id}) <= 1`,
    ),
    check(
      'posts_counts_check',
      sql`${t.likes_count} >= 0 and ${t.comments_count} >= 0 and ${t.shares_count} >= 0`,
    ),
    index('posts_created_at_id_idx').on(t.created_at.desc(), t.id.desc()),
    // Feed merge and profile / company pages: one keyset range per followed author. `archived_at`
    // rides along so the feed's "not archived" test is answered from the index (index-only scan).
    index('posts_author_created_at_id_idx')
      .on(t.author_user_id, t.created_at.desc(), t.id.desc(), t.archived_at)
      .where(sql`${t.author_user_id} is not null`),
    index('posts_company_created_at_id_idx')
      .on(t.partner_company_id, t.created_at.desc(), t.id.desc(), t.archived_at)
      .where(sql`${t.partner_company_id} is not null`),
    index('posts_shared_post_id_idx')
      .on(t.shared_post_id)
      .where(sql`${t.shared_post_id} is not null`),
    index('posts_shared_petition_id_idx')
      .on(t.shared_petition_id)
      .where(sql`${t.shared_petition_id} is not null`),
    index('posts_search_idx').using('gin', t.search),
  ],
);

export const postAttachments = pgTable(
  'post_attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    post_id: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: POST_ATTACHMENT_KINDS }).notNull(),
    /** The stored image (its smaller list size is a variant row) or PDF. */
    file_id: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('post_attachments_kind_check', inList(t.kind, POST_ATTACHMENT_KINDS)),
    index('post_attachments_file_id_idx').on(t.file_id),
    index('post_attachments_post_id_position_idx').on(t.post_id, t.position),
  ],
);

/** Written by a user or, in business-profile mode, a company; both null once the author is erased. */
export const postComments = pgTable(
  'post_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    post_id: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    author_user_id: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    partner_company_id: integer('partner_company_id').references(() => partnerCompanies.id, {
      onDelete: 'set null',
    }),
    body: text('body').notNull(),
    ...timestamps,
  },
  (t) => [
    check(
      'post_comments_one_author_check',
      sql`num_nonnulls(${t.author_user_id}, ${t.partner_company_id}) <= 1`,
    ),
    index('post_comments_post_created_at_id_idx').on(t.post_id, t.created_at, t.id),
    index('post_comments_author_user_id_idx').on(t.author_user_id),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    post_id: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.post_id, t.user_id] }), index('post_likes_user_id_idx').on(t.user_id)],
);
