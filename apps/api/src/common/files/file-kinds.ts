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
  product_image: { accept: 'image', preset: IMAGE_PRESETS.content },
  petition_attachment: { accept: 'pdf', area: 'petitions' },
  image: { accept: 'image', preset: IMAGE_PRESETS.content },
  /** A video's poster frame (taken by ffmpeg) or an audio track's cover. */
  media_poster: { accept: 'image', preset: IMAGE_PRESETS.content },
} as const satisfies Partial<Record<FileKind, FileRule>>;

export type StorableKind = keyof typeof FILE_RULES;
