import { z } from 'zod';
import { BigIdParamSchema, BigIdSchema, dataOf, pageOf, PageQuerySchema } from './common';
import { decodeTimeIdCursor, encodeTimeIdCursor } from './cursor';
import { defineEndpoint } from './endpoint';
import { MentionSchema } from './mentions';
import { withoutNationalId } from './guarded-text';
import { VerifiedAsSchema } from './user';

/** At most this many attachments (images or PDFs) per post (spec point 5). */
export const MAX_POST_FILES = 5;
/** Multipart field carrying a post's images and PDF documents. */
export const POST_FILES_FIELD = 'files[]';
export const MAX_POST_BODY = 5000;
export const MAX_COMMENT_TEXT = 2000;
export const FEED_DEFAULT_LIMIT = 10;
export const FEED_MAX_LIMIT = 50;

/** A post's text, a multipart form field beside `files[]` (create) or JSON (edit, share). */
/** The guard (guarded-text.ts), also exported here where messages.ts and older callers take it from. */
export { withoutNationalId };

export const PostInput = z.object({ body: withoutNationalId(z.string().trim().max(MAX_POST_BODY)).default('') });
export type PostInput = z.infer<typeof PostInput>;

export const ShareInput = z.object({
  body: withoutNationalId(z.string().trim().max(MAX_POST_BODY))
    .nullish()
    .transform((v) => v ?? ''),
});
export type ShareInput = z.infer<typeof ShareInput>;

export const ArchiveInput = z.object({ archive: z.enum(['archive', 'unarchive']) });
export type ArchiveInput = z.infer<typeof ArchiveInput>;

export const CommentInput = z.object({ text: withoutNationalId(z.string().trim().min(1).max(MAX_COMMENT_TEXT)) });
export type CommentInput = z.infer<typeof CommentInput>;

export const PostSlugParamSchema = z.object({ slug: z.string().trim().min(1).max(200) });
export const CommentParamsSchema = z.object({ id: BigIdSchema, commentId: BigIdSchema });

/** The position after the last post of a page: (created_at, id), opaque to clients. */
export interface FeedCursor {
  created_at: string;
  id: number;
}

export function encodeFeedCursor(c: FeedCursor): string {
  return encodeTimeIdCursor({ at: c.created_at, id: c.id });
}

export function decodeFeedCursor(raw: string): FeedCursor | null {
  const c = decodeTimeIdCursor(raw);
  return c ? { created_at: c.at, id: c.id } : null;
}

export const FeedQuery = z.object({
  cursor: z
    .string()
    .max(200)
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const c = decodeFeedCursor(v);
      if (!c) {
        ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
        return z.NEVER;
      }
      return c;
    }),
  limit: z.coerce.number().int().min(1).max(FEED_MAX_LIMIT).default(FEED_DEFAULT_LIMIT),
});
export type FeedQuery = z.infer<typeof FeedQuery>;

export const PostAuthorSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  verified_as: VerifiedAsSchema,
});
export const PostCompanySchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });

export const PostAttachmentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['image', 'document']),
  url: z.string(),
  /** The list-size variant of an image; null for documents. */
  thumb_url: z.string().nullable(),
  original_name: z.string().nullable(),
  mime: z.string(),
});
export type PostAttachment = z.infer<typeof PostAttachmentSchema>;

/** How long the text of a shared post is in its embed (the whole text is on its own page). */
export const SHARED_EXCERPT_LENGTH = 280;

/** The original a share embeds: who wrote it, the start of its text, its first picture. */
export const SharedPostSchema = z.object({
  available: z.literal(true),
  id: z.number().int(),
  author: PostAuthorSchema.extend({ profile_avatar: z.string().nullable() }).nullable(),
  company: PostCompanySchema.extend({ logo: z.string().nullable() }).nullable(),
  /** At most SHARED_EXCERPT_LENGTH characters; `truncated` when the text goes on. */
  excerpt: z.string(),
  truncated: z.boolean(),
  image: z.object({ url: z.string(), thumb_url: z.string().nullable() }).nullable(),
  created_at: z.string(),
});
export type SharedPost = z.infer<typeof SharedPostSchema>;

/** A share whose original was deleted, archived, or is not visible to the viewer. */
export const UnavailableSharedPostSchema = z.object({ available: z.literal(false) });

export const PostSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  body: z.string(),
  /** Whom the text mentions: each `@[id]` in `body` renders as a link to that profile (absent: none). */
  mentions: z.array(MentionSchema).optional(),
  /** The writing user; null for company posts. */
  author: PostAuthorSchema.nullable(),
  /** The company a company post belongs to. */
  company: PostCompanySchema.nullable(),
  attachments: z.array(PostAttachmentSchema),
  /** The post this one shares, when it is a share (null once that post is gone). */
  shared_post_id: z.number().int().nullable(),
  /** The embedded original of a share; `{ available: false }` when the viewer cannot see it (any more); null for a post that is no share. */
  shared_post: z.discriminatedUnion('available', [SharedPostSchema, UnavailableSharedPostSchema]).nullable(),
  /** The petition a post links (a petition published with `post_on_my_page`, or a share of it); null once it is gone. */
  shared_petition: z.object({ id: z.number().int(), title: z.string() }).nullish(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  shares_count: z.number().int(),
  liked_by_me: z.boolean(),
  is_mine: z.boolean(),
  is_archived: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Post = z.infer<typeof PostSchema>;

export const FeedPageSchema = z.object({ data: z.array(PostSchema), meta: z.object({ next_cursor: z.string().nullable() }) });

export const CommentSchema = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  text: z.string(),
  /** Whom the comment mentions (`@[id]` in `text`). */
  mentions: z.array(MentionSchema).optional(),
  author: PostAuthorSchema.nullable(),
  company: PostCompanySchema.nullable(),
  is_mine: z.boolean(),
  created_at: z.string(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const LikeStateSchema = z.object({ liked: z.boolean(), likes_count: z.number().int() });

export const postEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/posts',
    summary: 'Create a post as oneself or, acting as a business profile, as the company (multipart: body, files[])',
    access: 'member',
    multipart: true,
    body: PostInput,
    response: dataOf(PostSchema),
    status: 201,
  }),
  feed: defineEndpoint({
    method: 'GET',
    path: '/feed',
    summary: 'Posts of followed users and companies and my own, newest first (keyset: cursor, limit)',
    access: 'member',
    query: FeedQuery,
    response: FeedPageSchema,
  }),
  userPosts: defineEndpoint({
    method: 'GET',
    path: '/profile/:slug/posts',
    summary: "A member's own posts (not archived, not company posts), newest first (keyset: cursor, limit)",
    access: 'member',
    params: PostSlugParamSchema,
    query: FeedQuery,
    response: FeedPageSchema,
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/posts/:id',
    summary: 'One post',
    access: 'member',
    params: BigIdParamSchema,
    response: dataOf(PostSchema),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/posts/:id',
    summary: 'Edit the text of my post (or of a post of the company I act as)',
    access: 'member',
    params: BigIdParamSchema,
    body: PostInput,
    response: dataOf(PostSchema),
  }),
  deleteUserPost: defineEndpoint({
    method: 'DELETE',
    path: '/user-posts/:slug',
    summary: 'Delete my post',
    access: 'member',
    params: PostSlugParamSchema,
    response: null,
    status: 204,
  }),
  deleteCompanyPost: defineEndpoint({
    method: 'DELETE',
    path: '/partner-company-posts/:slug',
    summary: 'Delete a post of a company I manage',
    access: 'member',
    params: PostSlugParamSchema,
    response: null,
    status: 204,
  }),
  archiveUserPost: defineEndpoint({
    method: 'PUT',
    path: '/user-posts/:slug/archive',
    summary: 'Archive or unarchive my post',
    access: 'member',
    params: PostSlugParamSchema,
    body: ArchiveInput,
    response: dataOf(PostSchema),
  }),
  archiveCompanyPost: defineEndpoint({
    method: 'PUT',
    path: '/partner-company-posts/:slug/archive',
    summary: 'Archive or unarchive a post of a company I manage',
    access: 'member',
    params: PostSlugParamSchema,
    body: ArchiveInput,
    response: dataOf(PostSchema),
  }),
  archived: defineEndpoint({
    method: 'GET',
    path: '/archived-posts/:slug',
    summary: 'My archived posts (slug: my user slug), newest first',
    access: 'member',
    params: PostSlugParamSchema,
    query: PageQuerySchema,
    response: pageOf(PostSchema),
  }),
  comments: defineEndpoint({
    method: 'GET',
    path: '/post/:id/comments',
    summary: 'Comments of a post, oldest first',
    access: 'member',
    params: BigIdParamSchema,
    query: PageQuerySchema,
    response: pageOf(CommentSchema),
  }),
  addComment: defineEndpoint({
    method: 'POST',
    path: '/post/:id/comments',
    summary: 'Comment on a post (refused when the company turned comments off)',
    access: 'member',
    params: BigIdParamSchema,
    body: CommentInput,
    response: dataOf(CommentSchema),
    status: 201,
  }),
  deleteComment: defineEndpoint({
    method: 'DELETE',
    path: '/post/:id/comments/:commentId',
    summary: "Delete my comment, or any comment on my post",
    access: 'member',
    params: CommentParamsSchema,
    response: null,
    status: 204,
  }),
  like: defineEndpoint({
    method: 'POST',
    path: '/posts/:id/like',
    summary: 'Like a post (idempotent)',
    access: 'member',
    params: BigIdParamSchema,
    response: dataOf(LikeStateSchema),
  }),
  unlike: defineEndpoint({
    method: 'DELETE',
    path: '/posts/:id/like',
    summary: 'Take back my like (idempotent)',
    access: 'member',
    params: BigIdParamSchema,
    response: dataOf(LikeStateSchema),
  }),
  share: defineEndpoint({
    method: 'POST',
    path: '/posts/:id/share',
    summary: 'Share a post as a new post of mine (or of the company I act as), with optional text',
    access: 'member',
    params: BigIdParamSchema,
    body: ShareInput,
    response: dataOf(PostSchema),
    status: 201,
  }),
} as const;
