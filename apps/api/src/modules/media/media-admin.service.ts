import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import {
  type AdminCategoryInput,
  type AdminMedia,
  type Locale,
  type MediaInput,
  type MediaKind,
  type MessageKey,
  type PageQuery,
  translate,
} from '@legenett/contracts';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { FilesService } from '../../common/files/files.service';
import { readPage } from '../../common/lists';
import { type AppConfig, InjectConfig } from '../../config';
import { slugify } from '../../common/text/slugify';
import { AlertTrigger } from '../alerts';
import { ReferenceChecks } from '../reference';
import { type AdminMediaRow, MediaAdminRepository, type MediaFiles, type MediaWrite } from './media-admin.repository';
import { sanitiseEmbedCode } from '../../common/text/embed-code';
import { FfmpegMissingError, MediaProbe, readHead, sniffMedia, UnreadableMediaError } from '../../common/files/media-probe';
import { MediaUrls } from './media-urls';
import { parseCues } from './webvtt';

const invalid = (field: string, key: MessageKey) => new AppError('VALIDATION', { fields: { [field]: [key] } });

/** A poster JPEG as the upload pipeline takes it (re-encoded by sharp like every picture). */
function memoryFile(buffer: Buffer, name: string): Express.Multer.File {
  return {
    fieldname: 'poster',
    originalname: name,
    encoding: '7bit',
    mimetype: 'image/jpeg',
    size: buffer.length,
    buffer,
    stream: Readable.from(buffer),
    destination: '',
    filename: '',
    path: '',
  };
}

/** `/admin/media`: uploads, publishing, categories and the home page's preview video. */
@Injectable()
export class MediaAdminService {
  constructor(
    private readonly repository: MediaAdminRepository,
    private readonly files: FilesService,
    private readonly probe: MediaProbe,
    private readonly urls: MediaUrls,
    private readonly references: ReferenceChecks,
    @InjectConfig() private readonly config: AppConfig,
    private readonly alerts: AlertTrigger,
  ) {}

  /**
   * A video visible now goes to the alerts' matching (its own transaction: the writes above have
   * none to share; a lost one is found by the alerts' sweep). One scheduled for later: the sweep.
   */
  private async published(kind: MediaKind, id: number, at: Date | null): Promise<void> {
    if (kind === 'video' && at !== null && at.getTime() <= Date.now()) await this.alerts.itemAppeared(null, 'video', id);
  }

  private present(kind: MediaKind, row: AdminMediaRow, me: Principal, notice: string | null = null): AdminMedia {
    const now = Date.now();
    return {
      id: row.id,
      kind,
      title: row.title,
      description: row.description,
      category: row.category,
      category_id: row.category_id,
      duration_seconds: row.duration_seconds,
      published_at: row.published_at ? row.published_at.toISOString() : null,
      state: !row.published_at ? 'draft' : row.published_at.getTime() > now ? 'scheduled' : 'published',
      poster_url: row.has_poster ? this.urls.sign({ kind, id: row.id, part: 'poster' }, me.userId) : null,
      source: row.file_id !== null ? 'file' : row.embed_code ? 'embed' : 'url',
      access_level: row.access_level,
      specialty_ids: row.specialty_ids,
      external_url: row.url,
      embed_code: row.embed_code,
      has_captions: row.has_captions,
      stream_url: row.file_id !== null ? this.urls.sign({ kind, id: row.id, part: 'file' }, me.userId) : null,
      file_size_bytes: row.file_size_bytes,
      created_at: row.created_at.toISOString(),
      notice,
    };
  }

  async list(me: Principal, kind: MediaKind, q: PageQuery & { search?: string }, locale: Locale) {
    const search = q.search || undefined;
    const page = await readPage(q, {
      count: () => this.repository.count(kind, search),
      read: (slice) => this.repository.page(kind, search, locale, slice.offset, slice.limit),
    });
    return { data: page.rows.map((r) => this.present(kind, r, me)), meta: page.meta };
  }

  async show(me: Principal, kind: MediaKind, id: number, locale: Locale, notice: string | null = null) {
    const row = await this.repository.find(kind, id, locale);
    if (!row) throw AppError.notFound();
    return { data: this.present(kind, row, me, notice) };
  }

  /** Checks the form: category of this kind, specialties for that level, one source, a safe embed. */
  private async check(kind: MediaKind, input: MediaInput, hasFile: boolean): Promise<MediaWrite> {
    const fields: Record<string, MessageKey[]> = await this.references.unknown([['specialty_ids', 'specialties', input.specialty_ids]]);
    if (input.category_id !== null && !(await this.repository.categoryOfKind(kind, input.category_id))) {
      fields.category_id = ['media.errors.category_kind'];
    }
    if (input.access_level === 'specialties' && input.specialty_ids.length === 0) fields.specialty_ids = ['media.errors.specialties_required'];
    const sources = [hasFile, input.external_url !== null, input.embed_code !== null].filter(Boolean).length;
    if (sources === 0) fields.file = ['media.errors.file_required'];
    if (sources > 1) fields[hasFile ? 'file' : 'embed_code'] = ['media.errors.one_source'];
    let embed: string | null = null;
    if (input.embed_code !== null) {
      // Sanitised like course embeds: one iframe of an allowed host (COURSE_EMBED_HOSTS), its src only.
      embed = sanitiseEmbedCode(input.embed_code, this.config.courses.embedHosts);
      if (embed === null) fields.embed_code = ['media.errors.embed_not_allowed'];
    }
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { fields });
    return {
      title: input.title,
      description: input.description,
      category_id: input.category_id,
      access_level: input.access_level,
      specialty_ids: input.access_level === 'specialties' ? input.specialty_ids : [],
      url: input.external_url,
      embed_code: embed,
      published_at: input.publish_at ? new Date(input.publish_at) : input.publish ? new Date() : null,
    };
  }

  /**
   * Stores an uploaded file checked by its first bytes and by ffprobe (it must hold the kind's
   * stream); reads the duration and, for a video, a poster frame. Without ffmpeg on the server the
   * file is kept without them and `notice` says why.
   */
  private async storeUpload(me: Principal, kind: MediaKind, upload: Express.Multer.File, locale: Locale) {
    const format = sniffMedia(await readHead(upload.path), kind);
    if (!format) throw invalid('file', kind === 'video' ? 'media.errors.wrong_video_type' : 'media.errors.wrong_audio_type');
    let durationSeconds: number | null = null;
    let poster: Buffer | null = null;
    let notice: string | null = null;
    try {
      const probed = await this.probe.probe(upload.path);
      if (kind === 'video' ? !probed.hasVideo : !probed.hasAudio) throw invalid('file', 'media.errors.unreadable_media');
      durationSeconds = probed.durationSeconds;
      if (kind === 'video') {
        poster = await this.probe.posterFrame(upload.path, Math.min(1, (durationSeconds ?? 0) / 2));
      }
    } catch (err) {
      if (err instanceof UnreadableMediaError) throw invalid('file', 'media.errors.unreadable_media');
      if (!(err instanceof FfmpegMissingError)) throw err;
      notice = translate(locale, 'media.errors.ffmpeg_missing');
    }
    const stored = await this.files.storeChecked(
      { path: upload.path },
      {
        kind: kind === 'video' ? 'media_video' : 'media_audio',
        owner: me.userId,
        area: 'media',
        ext: format.ext,
        contentType: format.contentType,
        size: upload.size,
        originalName: upload.originalname,
      },
    );
    let posterId: number | null = null;
    if (poster) {
      try {
        posterId = (await this.files.store(memoryFile(poster, 'poster.jpg'), { kind: 'media_poster', owner: me.userId, field: 'file' })).id;
      } catch (err) {
        await this.files.remove(stored.id);
        throw err;
      }
    }
    return { files: { file_id: stored.id, poster_file_id: posterId, duration_seconds: durationSeconds } satisfies MediaFiles, notice };
  }

  async create(me: Principal, kind: MediaKind, input: MediaInput, upload: Express.Multer.File | undefined, locale: Locale) {
    const write = await this.check(kind, input, upload !== undefined && upload.size > 0);
    if (!upload || upload.size === 0) {
      const id = await this.repository.insert(kind, write, { file_id: null, poster_file_id: null, duration_seconds: null });
      await this.published(kind, id, write.published_at);
      return this.show(me, kind, id, locale);
    }
    const { files, notice } = await this.storeUpload(me, kind, upload, locale);
    let id: number;
    try {
      id = await this.repository.insert(kind, write, files);
    } catch (err) {
      await this.files.remove([files.file_id, files.poster_file_id]);
      throw err;
    }
    await this.published(kind, id, write.published_at);
    return this.show(me, kind, id, locale, notice);
  }

  async update(me: Principal, kind: MediaKind, id: number, input: MediaInput, locale: Locale) {
    const existing = await this.repository.find(kind, id, locale);
    if (!existing) throw AppError.notFound();
    const write = await this.check(kind, input, existing.file_id !== null);
    // Editing the texts keeps the publishing state unless a time or "publish" is given.
    if (!input.publish && !input.publish_at) write.published_at = existing.published_at;
    await this.repository.update(kind, id, write);
    await this.published(kind, id, write.published_at);
    return this.show(me, kind, id, locale);
  }

  async captions(me: Principal, kind: MediaKind, id: number, upload: Express.Multer.File | undefined, locale: Locale) {
    if (!(await this.repository.find(kind, id, locale))) throw AppError.notFound();
    if (!upload || upload.size === 0) throw invalid('captions', 'profile.errors.file_missing');
    const text = upload.buffer.toString('utf8').replace(/^\uFEFF/, '');
    if (!/^WEBVTT(?:[ \t].*)?(?:\r?\n|$)/.test(text)) throw invalid('captions', 'media.errors.captions_type');
    const stored = await this.files.storeChecked(
      { buffer: upload.buffer },
      { kind: 'media_captions', owner: me.userId, area: 'media', ext: 'vtt', contentType: 'text/vtt', size: upload.size },
    );
    const previous = await this.repository.replaceCaptions(kind, id, stored.id, parseCues(text));
    if (previous === undefined) {
      await this.files.remove(stored.id);
      throw AppError.notFound();
    }
    await this.files.remove(previous);
    return this.show(me, kind, id, locale);
  }

  /** An administrator's poster image (re-encoded like every picture) replaces the previous one, or the frame taken at upload. */
  async poster(me: Principal, kind: MediaKind, id: number, upload: Express.Multer.File | undefined, locale: Locale) {
    if (!(await this.repository.find(kind, id, locale))) throw AppError.notFound();
    await this.files.replace(upload, { kind: 'media_poster', owner: me.userId, field: 'poster' }, async (fileId) => {
      const previous = await this.repository.replacePoster(kind, id, fileId);
      // Deleted meanwhile: the new file is removed again.
      if (previous === undefined) throw AppError.notFound();
      return previous;
    });
    return this.show(me, kind, id, locale);
  }

  async publish(me: Principal, kind: MediaKind, id: number, at: string | null, locale: Locale) {
    const when = at ? new Date(at) : new Date();
    if (!(await this.repository.setPublished(kind, id, when))) throw AppError.notFound();
    await this.published(kind, id, when);
    return this.show(me, kind, id, locale);
  }

  async unpublish(me: Principal, kind: MediaKind, id: number, locale: Locale) {
    if (!(await this.repository.setPublished(kind, id, null))) throw AppError.notFound();
    return this.show(me, kind, id, locale);
  }

  async remove(kind: MediaKind, id: number): Promise<void> {
    const fileIds = await this.repository.delete(kind, id);
    if (fileIds === null) throw AppError.notFound();
    await this.files.remove(fileIds);
  }

  // ---------- categories ----------

  async categories(kind: MediaKind) {
    return { data: await this.repository.categories(kind) };
  }

  private async category(kind: MediaKind, id: number) {
    const [row] = await this.repository.categories(kind, id);
    if (!row) throw AppError.notFound();
    return { data: row };
  }

  async createCategory(input: AdminCategoryInput) {
    const code = `${slugify(input.name.no, input.type)}-${randomBytes(3).toString('hex')}`;
    const id = await this.repository.insertCategory(input.type, code, input.name);
    return this.category(input.type, id);
  }

  async updateCategory(id: number, name: AdminCategoryInput['name']) {
    const kind = await this.repository.mediaCategoryKind(id);
    if (!kind) throw AppError.notFound();
    await this.repository.renameCategory(id, name);
    return this.category(kind, id);
  }

  async deleteCategory(id: number): Promise<void> {
    if (!(await this.repository.mediaCategoryKind(id))) throw AppError.notFound();
    await this.repository.deleteCategory(id);
  }

  async updateFrontendSettings(values: { prev_image_video_src: string | null; prev_image_video_link: string | null }) {
    await this.repository.setFrontendSettings(values);
    return { data: values };
  }
}
