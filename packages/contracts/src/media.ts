import { z } from 'zod';
import {
  dataOf,
  IdParamSchema,
  IdSchema,
  isoDateTime,
  listOf,
  LocalisedTextSchema,
  optionalText,
  pageOf,
  PageQuerySchema,
  readable,
} from './common';
import { defineEndpoint } from './endpoint';
import { withoutNationalId } from './guarded-text';
import { FrontendSettingsSchema } from './reference';

/*
 * The video and audio archive (spec points 2, 3, 6, 7; issue 12) and the rich-text image upload.
 * Everything here needs a confirmed health professional (`healthPersonnel`) and the kind's permission key.
 */

export const MEDIA_KINDS = ['video', 'audio'] as const;
export const MediaKindSchema = z.enum(MEDIA_KINDS);
export type MediaKind = z.infer<typeof MediaKindSchema>;

export const MEDIA_ACCESS_LEVELS = ['all', 'doctors', 'specialties'] as const;
export const MediaAccessLevelSchema = z.enum(MEDIA_ACCESS_LEVELS);
export type MediaAccessLevel = z.infer<typeof MediaAccessLevelSchema>;

export const MEDIA_DIRECTIONS = ['recent', 'oldest'] as const;

/** How an item plays: a stored file (signed URLs), an external link, or an embed. */
export const MEDIA_SOURCES = ['file', 'url', 'embed'] as const;
export const MediaSourceSchema = z.enum(MEDIA_SOURCES);

/** Save the position this often while playing (and on leaving). */
export const POSITION_SAVE_INTERVAL_SECONDS = 15;

/** `categories=1,2` or `categories=1&categories=2` (or `categories[]=`), at most 20 ids. */
const IdListSchema = z.preprocess(
  (v) => {
    if (v === undefined || v === '') return undefined;
    const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' ? x.split(',') : [x]));
    return parts.filter((x) => x !== '');
  },
  z.array(IdSchema).max(20).optional(),
);

export const MediaListQuerySchema = PageQuerySchema.extend({
  categories: IdListSchema,
  search: z.string().trim().max(100).optional(),
  // The spec's names ("recent", the default, and "oldest"), and the usual `asc`/`desc` as well.
  direction: z
    .enum([...MEDIA_DIRECTIONS, 'asc', 'desc'])
    .default('recent')
    .transform((d): (typeof MEDIA_DIRECTIONS)[number] => (d === 'asc' ? 'oldest' : d === 'desc' ? 'recent' : d)),
});
export type MediaListQuery = z.infer<typeof MediaListQuerySchema>;
export const MediaCategoryListQuerySchema = MediaListQuerySchema.omit({ categories: true });

export const MediaProgressSchema = z.object({
  position_seconds: z.number().int().min(0),
  completed: z.boolean(),
});
export type MediaProgress = z.infer<typeof MediaProgressSchema>;

export const MediaItemSchema = z.object({
  id: z.number().int(),
  kind: MediaKindSchema,
  title: z.string(),
  description: z.string(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  duration_seconds: z.number().int().nullable(),
  published_at: z.string(),
  /** A signed, short-lived URL of the poster frame, or null. */
  poster_url: z.string().nullable(),
  source: MediaSourceSchema,
  access_level: MediaAccessLevelSchema,
  /** The caller's saved position, or null when they never played it. */
  progress: MediaProgressSchema.nullable(),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

export const MediaDetailSchema = MediaItemSchema.extend({
  /** Signed, short-lived, bound to the caller; null unless `source` is `file`. */
  stream_url: z.string().nullable(),
  /** Signed WebVTT captions/chapters, or null. */
  captions_url: z.string().nullable(),
  /** When the signed URLs stop working (ISO time). */
  urls_expire_at: z.string(),
  external_url: z.string().nullable(),
  /** Sanitised embed markup. */
  embed_code: z.string().nullable(),
  /** Where the player starts: the saved position, or 0 (completed, never played, or resume turned off). */
  resume_from_seconds: z.number().int().min(0),
  related: z.array(MediaItemSchema),
});
export type MediaDetail = z.infer<typeof MediaDetailSchema>;

export const MediaCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Published items the caller may open. */
  count: z.number().int(),
});
export type MediaCategory = z.infer<typeof MediaCategorySchema>;

export const SavePositionBody = z.object({
  kind: MediaKindSchema,
  item_id: IdSchema,
  position_seconds: z.number().min(0).max(7 * 24 * 3600),
  /** Played to the end. */
  ended: z.boolean().default(false),
});
export type SavePositionBody = z.infer<typeof SavePositionBody>;

export const MediaPreferencesSchema = z.object({ resume: z.boolean() });
export type MediaPreferences = z.infer<typeof MediaPreferencesSchema>;

export const ContinueQuerySchema = z.object({ kind: MediaKindSchema });

const gated = <K extends MediaKind>(kind: K) =>
  ({
    access: 'user',
    healthPersonnel: 'confirmed_or_in_review',
    permission: kind === 'video' ? 'video-viewer-read' : 'audio-viewer-read',
  }) as const;

export const CaptionSearchQuerySchema = PageQuerySchema.extend({
  kind: MediaKindSchema,
  search: z.string().trim().min(2).max(100),
});
/** A place in an item's captions where the searched words are said. */
export const CaptionHitSchema = z.object({
  item: MediaItemSchema,
  start_seconds: z.number().int().min(0),
  text: z.string(),
});
export type CaptionHit = z.infer<typeof CaptionHitSchema>;

export const PodcastFeedSchema = z.object({
  /** The private feed address; only in the answer that made it (the server keeps a hash). */
  url: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type PodcastFeed = z.infer<typeof PodcastFeedSchema>;

export const mediaEndpoints = {
  videos: defineEndpoint({
    method: 'GET',
    path: '/videos',
    summary: 'Published videos the caller may watch, with filters',
    ...gated('video'),
    query: MediaListQuerySchema,
    response: pageOf(MediaItemSchema),
  }),
  videosOfCategory: defineEndpoint({
    method: 'GET',
    path: '/videos/category/:id',
    summary: 'Published videos of one category',
    ...gated('video'),
    params: IdParamSchema,
    query: MediaCategoryListQuerySchema,
    response: pageOf(MediaItemSchema),
  }),
  video: defineEndpoint({
    method: 'GET',
    path: '/videos/:id',
    summary: 'One video with signed URLs, resume position and related videos',
    ...gated('video'),
    params: IdParamSchema,
    response: dataOf(MediaDetailSchema),
  }),
  videoCategories: defineEndpoint({
    method: 'GET',
    path: '/video-categories',
    summary: 'Video categories with the number of videos the caller may watch',
    ...gated('video'),
    response: listOf(MediaCategorySchema),
  }),
  audioList: defineEndpoint({
    method: 'GET',
    path: '/audio',
    summary: 'Published audio tracks the caller may hear, with filters',
    ...gated('audio'),
    query: MediaListQuerySchema,
    response: pageOf(MediaItemSchema),
  }),
  audio: defineEndpoint({
    method: 'GET',
    path: '/audio/:id',
    summary: 'One audio track with signed URLs, resume position and related tracks',
    ...gated('audio'),
    params: IdParamSchema,
    response: dataOf(MediaDetailSchema),
  }),
  audioCategories: defineEndpoint({
    method: 'GET',
    path: '/audio-categories',
    summary: 'Audio categories with the number of tracks the caller may hear',
    ...gated('audio'),
    response: listOf(MediaCategorySchema),
  }),
  continueList: defineEndpoint({
    method: 'GET',
    path: '/media/continue',
    summary: 'Started and unfinished items of one kind, most recent first (at most 12)',
    access: 'user',
    healthPersonnel: 'confirmed_or_in_review',
    query: ContinueQuerySchema,
    response: listOf(MediaItemSchema),
  }),
  captionSearch: defineEndpoint({
    method: 'GET',
    path: '/media/caption-search',
    summary: 'Where words are said in the captions of items the caller may open (links to the second)',
    access: 'user',
    healthPersonnel: 'confirmed_or_in_review',
    query: CaptionSearchQuerySchema,
    response: pageOf(CaptionHitSchema),
  }),
  savePosition: defineEndpoint({
    method: 'POST',
    path: '/media/positions',
    summary: 'Save where the caller is in an item (every 15 s and on leaving)',
    access: 'user',
    healthPersonnel: 'confirmed_or_in_review',
    body: SavePositionBody,
    response: dataOf(MediaProgressSchema),
  }),
  podcastFeed: defineEndpoint({
    method: 'GET',
    path: '/audio/feed',
    summary: "The caller's private podcast feed (without its address), or null",
    ...gated('audio'),
    response: dataOf(PodcastFeedSchema.nullable()),
  }),
  createPodcastFeed: defineEndpoint({
    method: 'POST',
    path: '/audio/feed',
    summary: 'A new private podcast feed address (the previous one stops working)',
    ...gated('audio'),
    response: dataOf(PodcastFeedSchema),
    status: 201,
  }),
  revokePodcastFeed: defineEndpoint({
    method: 'DELETE',
    path: '/audio/feed',
    summary: 'Stop the private podcast feed',
    ...gated('audio'),
    response: null,
    status: 204,
  }),
  preferences: defineEndpoint({
    method: 'GET',
    path: '/media/preferences',
    summary: "The caller's media settings",
    access: 'user',
    response: dataOf(MediaPreferencesSchema),
  }),
  updatePreferences: defineEndpoint({
    method: 'PUT',
    path: '/media/preferences',
    summary: 'Turn "continue where you left off" on or off',
    access: 'user',
    body: MediaPreferencesSchema,
    response: dataOf(MediaPreferencesSchema),
  }),
} as const;

// ---------- administration ----------

const optionalHttpsUrl = z
  .string()
  .trim()
  .max(1000)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (/^https:\/\/[^\s/]+\.[^\s]+$/i.test(v) && URL.canParse(v)), 'validation.https_url');

/** A time to publish at (ISO with offset); null = now. */
const PublishAtSchema = isoDateTime()
  .nullish()
  .transform((v) => v ?? null);

/** Multipart form fields come as strings: "1"/"true" and JSON-ish lists. */
const formBool = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');

export const MediaInputSchema = z.object({
  title: readable(z.string().trim().min(2).max(200)),
  description: withoutNationalId(z.string().trim().max(5000)).default(''),
  category_id: z.preprocess((v) => (v === '' ? null : v), IdSchema.nullish()).transform((v) => v ?? null),
  access_level: MediaAccessLevelSchema.default('all'),
  specialty_ids: IdListSchema.transform((v) => v ?? []),
  /** Instead of a file: an https link, or embed markup (sanitised by the API). */
  external_url: optionalHttpsUrl,
  embed_code: optionalText(5000),
  /** Publish: now (`publish` true and no time), at a time, or keep as a draft. */
  publish: formBool,
  publish_at: PublishAtSchema,
});
export type MediaInput = z.infer<typeof MediaInputSchema>;
export type MediaFormValues = z.input<typeof MediaInputSchema>;

export const MEDIA_STATES = ['draft', 'scheduled', 'published'] as const;

export const AdminMediaSchema = MediaItemSchema.omit({ progress: true, published_at: true }).extend({
  published_at: z.string().nullable(),
  state: z.enum(MEDIA_STATES),
  category_id: z.number().int().nullable(),
  specialty_ids: z.array(z.number().int()),
  external_url: z.string().nullable(),
  embed_code: z.string().nullable(),
  has_captions: z.boolean(),
  /** A signed URL to check the file, or null. */
  stream_url: z.string().nullable(),
  file_size_bytes: z.number().int().nullable(),
  created_at: z.string(),
  /** A note for the administrator about reading the file (e.g. ffmpeg missing on the server), or null. */
  notice: z.string().nullable(),
});
export type AdminMedia = z.infer<typeof AdminMediaSchema>;

export const AdminMediaListQuerySchema = PageQuerySchema.extend({
  kind: MediaKindSchema,
  search: z.string().trim().max(100).optional(),
});
export const KindIdParamSchema = z.object({ kind: MediaKindSchema, id: IdSchema });
export const KindParamSchema = z.object({ kind: MediaKindSchema });
export const PublishBodySchema = z.object({ publish_at: PublishAtSchema });

export const AdminCategorySchema = z.object({
  id: z.number().int(),
  type: MediaKindSchema,
  name: LocalisedTextSchema,
  /** All items, published or not. */
  items_count: z.number().int(),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;
export const AdminCategoryInputSchema = z.object({
  type: MediaKindSchema,
  name: z.object({ no: readable(z.string().trim().min(2).max(80)), en: readable(z.string().trim().min(2).max(80)) }),
});
export type AdminCategoryInput = z.infer<typeof AdminCategoryInputSchema>;

/**
 * A link the site may render: an https URL, or a path on this site that begins with exactly one
 * slash. `//evil.example/x` (protocol-relative) and `/\\evil.example` (browsers read `\\` as `/`) lead
 * off the site and are refused, as is any backslash, space or control character.
 */
export function isSiteLink(value: string): boolean {
  if (/[\s\\]/.test(value) || [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  return /^https:\/\/[^/?#]+/i.test(value) && URL.canParse(value);
}

const siteLink = z
  .string()
  .trim()
  .max(1000)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isSiteLink(v), 'validation.site_link');

export const FrontendSettingsInputSchema = z.object({
  prev_image_video_src: siteLink,
  prev_image_video_link: siteLink,
});

export const adminMediaEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/media',
    summary: 'All items of one kind (drafts, scheduled, published), newest first',
    access: 'admin',
    query: AdminMediaListQuerySchema,
    response: pageOf(AdminMediaSchema),
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/admin/media/:kind/:id',
    summary: 'One item for editing',
    access: 'admin',
    params: KindIdParamSchema,
    response: dataOf(AdminMediaSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/media/:kind',
    summary: 'Upload a video (mp4, webm) or audio track (mp3, m4a, ogg) in `file`, or give a link or embed',
    access: 'admin',
    multipart: true,
    params: KindParamSchema,
    body: MediaInputSchema,
    response: dataOf(AdminMediaSchema),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/admin/media/:kind/:id',
    summary: 'Change the texts, category, access level or publishing of an item',
    access: 'admin',
    params: KindIdParamSchema,
    body: MediaInputSchema,
    response: dataOf(AdminMediaSchema),
  }),
  captions: defineEndpoint({
    method: 'POST',
    path: '/admin/media/:kind/:id/captions',
    summary: 'Upload WebVTT captions or chapters (`captions`)',
    access: 'admin',
    multipart: true,
    params: KindIdParamSchema,
    /** The file only (form field `captions`). */
    body: z.object({}),
    response: dataOf(AdminMediaSchema),
  }),
  poster: defineEndpoint({
    method: 'POST',
    path: '/admin/media/:kind/:id/poster',
    summary: 'Upload a poster image (`poster`: JPEG, PNG or WebP) that replaces the frame taken at upload; list cards show it',
    access: 'admin',
    multipart: true,
    params: KindIdParamSchema,
    /** The file only (form field `poster`). */
    body: z.object({}),
    response: dataOf(AdminMediaSchema),
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: '/admin/media/:kind/:id/publish',
    summary: 'Publish now or at a time',
    access: 'admin',
    params: KindIdParamSchema,
    body: PublishBodySchema,
    response: dataOf(AdminMediaSchema),
  }),
  unpublish: defineEndpoint({
    method: 'POST',
    path: '/admin/media/:kind/:id/unpublish',
    summary: 'Take an item off the archive (kept as a draft)',
    access: 'admin',
    params: KindIdParamSchema,
    response: dataOf(AdminMediaSchema),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/media/:kind/:id',
    summary: 'Delete an item, its files and saved positions',
    access: 'admin',
    params: KindIdParamSchema,
    response: null,
    status: 204,
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: '/admin/media-categories',
    summary: 'Video and audio categories with both names',
    access: 'admin',
    query: KindParamSchema,
    response: listOf(AdminCategorySchema),
  }),
  createCategory: defineEndpoint({
    method: 'POST',
    path: '/admin/media-categories',
    summary: 'A new video or audio category',
    access: 'admin',
    body: AdminCategoryInputSchema,
    response: dataOf(AdminCategorySchema),
    status: 201,
  }),
  updateCategory: defineEndpoint({
    method: 'PUT',
    path: '/admin/media-categories/:id',
    summary: 'Rename a category',
    access: 'admin',
    params: IdParamSchema,
    body: AdminCategoryInputSchema.omit({ type: true }),
    response: dataOf(AdminCategorySchema),
  }),
  deleteCategory: defineEndpoint({
    method: 'DELETE',
    path: '/admin/media-categories/:id',
    summary: 'Delete a category (its items become uncategorised)',
    access: 'admin',
    params: IdParamSchema,
    response: null,
    status: 204,
  }),
  updateFrontendSettings: defineEndpoint({
    method: 'PUT',
    path: '/admin/frontend-settings',
    summary: "The home page's preview video (image and link)",
    access: 'admin',
    body: FrontendSettingsInputSchema,
    response: dataOf(FrontendSettingsSchema),
  }),
} as const;

// ---------- rich-text images ----------

export const MAX_IMAGES_PER_UPLOAD = 5;

export const UploadedImageSchema = z.object({ id: z.number().int(), url: z.string() });
export const uploadImageEndpoints = {
  upload: defineEndpoint({
    method: 'POST',
    path: '/upload-image',
    summary: 'Images for rich text (field `image`, at most 5): re-encoded, metadata stripped; answers their URLs',
    access: 'member',
    multipart: true,
    response: listOf(UploadedImageSchema),
    status: 201,
  }),
} as const;
