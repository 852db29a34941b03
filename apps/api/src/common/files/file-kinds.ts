import { type FileKind } from '@legenett/db';
import { IMAGE_PRESETS, type ImagePreset } from '../uploads/uploads.service';

/** How an upload of one kind is accepted: an image re-encoded in the preset's sizes, or a PDF kept as sent. */
export type FileRule = { accept: 'image'; preset: ImagePreset } | { accept: 'pdf'; area: string };

/**
 * The kinds the API accepts uploads of, and how. A new kind (videos, audio) is a row in
 * `FILE_KINDS` (packages/db) and a rule here; `FilesService.store` takes only kinds listed here.
 */
export const FILE_RULES = {
  avatar: { accept: 'image', preset: IMAGE_PRESETS.avatar },
  profile_background: { accept: 'image', preset: IMAGE_PRESETS.background },
  company_logo: { accept: 'image', preset: IMAGE_PRESETS.avatar },
  job_logo: { accept: 'image', preset: IMAGE_PRESETS.content },
  post_image: { accept: 'image', preset: IMAGE_PRESETS.content },
  post_document: { accept: 'pdf', area: 'posts' },
  message_image: { accept: 'image', preset: IMAGE_PRESETS.content },
  message_document: { accept: 'pdf', area: 'messages' },
  product_image: { accept: 'image', preset: IMAGE_PRESETS.content },
  petition_attachment: { accept: 'pdf', area: 'petitions' },
  image: { accept: 'image', preset: IMAGE_PRESETS.content },
  /** A video's poster frame (taken by ffmpeg) or an audio track's cover. */
  media_poster: { accept: 'image', preset: IMAGE_PRESETS.content },
} as const satisfies Partial<Record<FileKind, FileRule>>;

export type StorableKind = keyof typeof FILE_RULES;

/**
 * Kinds only members may fetch: served at `/api/files/<key>` with a signed, expiring link
 * (`FilesService.memberUrl`), `Cache-Control: private`, and documents as downloads. Everything else
 * (avatars, logos, product photos, rich-text images whose addresses live in saved text) is public:
 * its key is random, and it may be cached anywhere.
 */
export const MEMBERS_ONLY_KINDS: ReadonlySet<FileKind> = new Set<FileKind>(['post_image', 'post_document', 'message_image', 'message_document', 'petition_attachment', 'course_video']);

/** How long a member link works at least (and at most twice this): one hour. */
export const MEMBER_LINK_TTL_SECONDS = 3600;
