import { Injectable } from '@nestjs/common';
import {
  type Locale,
  type MediaDetail,
  type MediaItem,
  type MediaKind,
  type MediaListQuery,
  type SavePositionBody,
} from '@legenett/contracts';
import { AccessService } from '../../common/access';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { ListCounts, readPage } from '../../common/lists';
import { type MediaFilter, type MediaRow, MediaRepository, type Viewer } from './media.repository';
import { MediaUrls } from './media-urls';

/** The last seconds of an item count as played to the end (credits, a closing jingle): 3 s, or 5 % of a short one. */
const END_MARGIN_SECONDS = 3;
const endMargin = (duration: number) => Math.min(END_MARGIN_SECONDS, duration * 0.05);

const MINUTE = 60_000;

const PERMISSION = { video: 'video-viewer-read', audio: 'audio-viewer-read' } as const;

/** Browsing and playing the archive; who may see what is `mediaAccessibleSql` (common/access). */
@Injectable()
export class MediaService {
  constructor(
    private readonly repository: MediaRepository,
    private readonly urls: MediaUrls,
    private readonly counts: ListCounts,
    private readonly access: AccessService,
  ) {}

  /** Who is looking (the one rule is AccessService.mediaViewer). */
  viewer(me: Principal): Promise<Viewer> {
    return this.access.mediaViewer(me);
  }

  /** The kind's permission key, for endpoints whose kind is in the body or query. */
  private static requirePermission(me: Principal, kind: MediaKind): void {
    if (!me.permissions.includes(PERMISSION[kind])) throw AppError.forbidden('missing_permission');
  }

  private present(kind: MediaKind, row: MediaRow, userId: number): MediaItem {
    return {
      id: row.id,
      kind,
      title: row.title,
      description: row.description,
      category: row.category,
      duration_seconds: row.duration_seconds,
      published_at: (row.published_at ?? new Date(0)).toISOString(),
      poster_url: row.has_poster ? this.urls.sign({ kind, id: row.id, part: 'poster' }, userId) : null,
      source: row.file_id !== null ? 'file' : row.embed_code ? 'embed' : 'url',
      access_level: row.access_level,
      progress:
        row.position_seconds === null
          ? null
          : { position_seconds: row.position_seconds, completed: row.completed ?? false },
    };
  }

  async list(me: Principal, kind: MediaKind, q: MediaListQuery, locale: Locale) {
    const viewer = await this.viewer(me);
    // Items are read on the database's clock (an item published a second ago shows at once); only the
    // cached count is keyed by the minute: a write raises the table's version and recounts at once, and
    // an item scheduled for later reaches the total within a minute of its time.
    const minute = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
    const filter: MediaFilter = { categories: q.categories, search: q.search || undefined, direction: q.direction };
    const page = await readPage(q, {
      // Cached per table version, minute and viewer class (what the access levels let through).
      count: () =>
        this.counts.cached(
          `media.${kind}`,
          [kind === 'video' ? 'videos' : 'audio_tracks'],
          {
            categories: filter.categories,
            search: filter.search,
            at: minute.toISOString(),
            seesAll: viewer.seesAll,
            isDoctor: viewer.isDoctor,
            specialties: [...viewer.specialtyIds].sort((a, b) => a - b),
          },
          () => this.repository.count(kind, viewer, filter),
        ),
      read: (slice) => this.repository.slice(kind, viewer, filter, locale, slice),
      fromEnd: true,
    });
    return { data: page.rows.map((r) => this.present(kind, r, me.userId)), meta: page.meta };
  }

  /** The Set-Cookie that lets this user's browser fetch the signed URLs of an answer (posters in lists too). */
  bindingCookie(me: Principal): string {
    return this.urls.cookie(me.userId);
  }

  async categories(me: Principal, kind: MediaKind, locale: Locale) {
    const viewer = await this.viewer(me);
    return { data: await this.repository.categoriesWithCounts(kind, viewer, locale) };
  }

  /** One item with URLs signed for the caller; `cookie` is the Set-Cookie binding them to the caller. */
  async show(me: Principal, kind: MediaKind, id: number, locale: Locale): Promise<{ data: MediaDetail; cookie: string }> {
    const viewer = await this.viewer(me);
    const row = await this.repository.findVisible(kind, id, viewer, locale);
    if (!row) throw AppError.notFound();
    const [related, resume] = await Promise.all([
      this.repository.related(kind, { id, categoryId: row.category?.id ?? null }, viewer, locale),
      this.repository.resumeEnabled(me.userId),
    ]);
    const expires = this.urls.expiry();
    const sign = (part: 'file' | 'captions') => this.urls.sign({ kind, id, part }, me.userId);
    const item = this.present(kind, row, me.userId);
    return {
      data: {
        ...item,
        stream_url: row.file_id !== null ? sign('file') : null,
        captions_url: row.has_captions ? sign('captions') : null,
        urls_expire_at: new Date(expires * 1000).toISOString(),
        external_url: row.file_id === null && !row.embed_code ? row.url : null,
        embed_code: row.file_id === null ? row.embed_code : null,
        resume_from_seconds: resume && item.progress && !item.progress.completed ? item.progress.position_seconds : 0,
        related: related.map((r) => this.present(kind, r, me.userId)),
      },
      cookie: this.urls.cookie(me.userId),
    };
  }

  async continueList(me: Principal, kind: MediaKind, locale: Locale) {
    MediaService.requirePermission(me, kind);
    const viewer = await this.viewer(me);
    if (!(await this.repository.resumeEnabled(me.userId))) return { data: [] };
    const rows = await this.repository.continueList(kind, viewer, locale);
    return { data: rows.map((r) => this.present(kind, r, me.userId)) };
  }

  /** Where the words are said in captions; each hit carries its item and the second to start at. */
  async captionSearch(me: Principal, kind: MediaKind, q: { page: number; per_page: number; search: string }, locale: Locale) {
    MediaService.requirePermission(me, kind);
    const viewer = await this.viewer(me);
    const { rows: cues, meta } = await readPage(q, {
      count: () => this.repository.countCues(kind, viewer, q.search),
      read: (slice) => this.repository.cues(kind, viewer, q.search, slice.offset, slice.limit),
    });
    const rows = await this.repository.itemsByIds(kind, [...new Set(cues.map((c) => c.item_id))], me.userId, locale);
    const items = new Map(rows.map((r) => [r.id, this.present(kind, r, me.userId)]));
    const data = cues.flatMap((c) => {
      const item = items.get(c.item_id);
      return item ? [{ item, start_seconds: c.start_seconds, text: c.text }] : [];
    });
    return { data, meta };
  }

  /** Saves where the caller is; played to the end (or within the last seconds) marks it completed. */
  async savePosition(me: Principal, body: SavePositionBody) {
    MediaService.requirePermission(me, body.kind);
    const viewer = await this.viewer(me);
    const item = await this.repository.duration(body.kind, body.item_id, viewer);
    if (!item) throw AppError.notFound();
    let position = Math.floor(body.position_seconds);
    if (item.duration !== null) position = Math.min(position, item.duration);
    const completed =
      body.ended || (item.duration !== null && item.duration > 0 && position >= item.duration - endMargin(item.duration));
    await this.repository.savePosition(me.userId, body.kind, body.item_id, position, completed);
    return { data: { position_seconds: position, completed } };
  }

  async preferences(me: Principal) {
    return { data: { resume: await this.repository.resumeEnabled(me.userId) } };
  }

  async setPreferences(me: Principal, resume: boolean) {
    await this.repository.setResume(me.userId, resume);
    return { data: { resume } };
  }
}
