import { Injectable } from '@nestjs/common';
import { type Locale, type MediaAccessLevel, type MediaKind } from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { and, count, desc, eq, inArray, isNotNull, lte, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { idArray, mediaAccessibleSql, mediaAccessibleTo, type MediaViewer } from '../../common/access';
import { orderFor, type OrderKey, type Slice } from '../../common/lists';
import { InjectDatabase } from '../../database/database.module';
import { inSlice, perShape, type SliceShape, sliceShape, sliceShapeKey } from '../../database/prepared';
import { localisedRef } from '../reference';

const { videos, audioTracks, categories, mediaPositions, mediaPreferences, mediaCaptionCues, podcastFeeds, storedFiles } = schema;

/** Both archive tables have the same columns (packages/db/src/schema/media.ts). */
export type MediaTable = typeof videos | typeof audioTracks;
export const mediaTable = (kind: MediaKind): MediaTable => (kind === 'video' ? videos : audioTracks);

/** Who is looking (AccessService.mediaViewer). */
export type Viewer = MediaViewer;

export interface MediaFilter {
  categories?: number[];
  search?: string;
  direction: 'recent' | 'oldest';
  /** The clock of "published" (default the statement's `now()`). */
  at?: Date;
}

export interface MediaRow {
  id: number;
  title: string;
  description: string;
  category: { id: number; name: string } | null;
  duration_seconds: number | null;
  published_at: Date | null;
  has_poster: boolean;
  has_captions: boolean;
  file_id: number | null;
  url: string | null;
  embed_code: string | null;
  access_level: MediaAccessLevel;
  position_seconds: number | null;
  completed: boolean | null;
}

/** What decides the text of an archive page without filters (`MediaRepository.pageQuery`). */
interface PageShape extends SliceShape {
  kind: MediaKind;
  direction: MediaFilter['direction'];
  seesAll: boolean;
}

/** Published, not scheduled for later (than `at`, default the statement's time). */
export const publishedSql = (t: MediaTable, at?: Date): SQL =>
  and(isNotNull(t.published_at), lte(t.published_at, at ?? sql`now()`))!;

function orderOf(t: MediaTable, direction: MediaFilter['direction'], searching: boolean): OrderKey[] {
  // While searching, wrap the key so that the planner takes the GIN index and sorts the matches
  // instead of walking the date index filtering on a rare word (as the marketplace does).
  const at = searching ? sql`${t.published_at} + interval '0 seconds'` : sql`${t.published_at}`;
  const d = direction === 'recent' ? 'desc' : 'asc';
  return [
    [at, d, d === 'desc' ? 'last' : 'first'],
    [t.id, d, d === 'desc' ? 'last' : 'first'],
  ];
}

/** The archive's SQL: items, categories, saved positions and settings of both kinds. */
@Injectable()
export class MediaRepository {
  /**
   * An archive page without category or search (the list everyone opens), prepared per shape
   * (database/prepared.ts): one generic plan per connection, a walk of the date index.
   */
  private readonly pageQuery = perShape(
    'media_page',
    (s: PageShape) => `${s.kind[0]}${s.direction[0]}${s.seesAll ? 1 : 0}_${sliceShapeKey(s)}`,
    (s, name) =>
      this.sliceQuery(
        s.kind,
        {
          userId: sql`${sql.placeholder('userId')}`,
          access: s.seesAll
            ? sql`true`
            : mediaAccessibleTo(mediaTable(s.kind), sql`${sql.placeholder('isDoctor')}`, sql`${sql.placeholder('specialties')}`),
        },
        { direction: s.direction },
        s.locale,
        s,
        s.first ? 0 : sql.placeholder('offset'),
      ).prepare(name),
  );

  constructor(@InjectDatabase() private readonly db: Database) {}

  private where(kind: MediaKind, viewer: Viewer, filter: Omit<MediaFilter, 'direction'>): SQL {
    return MediaRepository.whereFor(kind, mediaAccessibleSql(mediaTable(kind), viewer), filter);
  }

  /** `access` is `accessibleSql` of the viewer (or its prepared form). */
  private static whereFor(kind: MediaKind, access: SQL, filter: Omit<MediaFilter, 'direction'>): SQL {
    const t = mediaTable(kind);
    const conditions: SQL[] = [publishedSql(t, filter.at), access];
    if (filter.categories && filter.categories.length > 0) conditions.push(inArray(t.category_id, filter.categories));
    if (filter.search) conditions.push(sql`${t.search} @@ websearch_to_tsquery('norwegian', ${filter.search})`);
    return and(...conditions)!;
  }

  /** The columns of one item, with the viewer's saved position (a primary-key join); `userId` may be a placeholder. */
  private select(kind: MediaKind, userId: number | SQL, locale: Locale) {
    const t = mediaTable(kind);
    return this.db
      .select({
        id: t.id,
        title: t.title,
        description: t.description,
        category: localisedRef(categories, locale),
        duration_seconds: t.duration_seconds,
        published_at: t.published_at,
        has_poster: sql<boolean>`${t.poster_file_id} is not null`,
        has_captions: sql<boolean>`${t.captions_file_id} is not null`,
        file_id: t.file_id,
        url: t.url,
        embed_code: t.embed_code,
        access_level: t.access_level,
        position_seconds: mediaPositions.position_seconds,
        completed: mediaPositions.completed,
      })
      .from(t)
      .leftJoin(categories, eq(categories.id, t.category_id))
      .leftJoin(
        mediaPositions,
        and(eq(mediaPositions.user_id, userId), eq(mediaPositions.kind, kind), eq(mediaPositions.item_id, t.id)),
      );
  }

  async count(kind: MediaKind, viewer: Viewer, filter: MediaFilter): Promise<number> {
    const t = mediaTable(kind);
    const [row] = await this.db.select({ n: count() }).from(t).where(this.where(kind, viewer, filter));
    return row?.n ?? 0;
  }

  /** Ids first (a walk of the date index), then only those rows joined; without filters a prepared statement. */
  async slice(kind: MediaKind, viewer: Viewer, filter: MediaFilter, locale: Locale, slice: Slice): Promise<MediaRow[]> {
    if (!filter.categories?.length && !filter.search && !filter.at) {
      const shape = { ...sliceShape(locale, slice), kind, direction: filter.direction, seesAll: viewer.seesAll };
      return this.pageQuery(shape).execute({
        userId: viewer.userId,
        isDoctor: viewer.isDoctor,
        specialties: idArray(viewer.specialtyIds),
        offset: slice.offset,
      });
    }
    const who = { userId: viewer.userId, access: mediaAccessibleSql(mediaTable(kind), viewer) };
    return this.sliceQuery(kind, who, filter, locale, slice, slice.offset);
  }

  /** A slice's query; the viewer's id and access, and the offset, are values or placeholders (`pageQuery`). */
  private sliceQuery(
    kind: MediaKind,
    who: { userId: number | SQL; access: SQL },
    filter: MediaFilter,
    locale: Locale,
    slice: Pick<Slice, 'fromEnd' | 'limit'>,
    offset: number | Placeholder,
  ) {
    const t = mediaTable(kind);
    const order = orderFor(orderOf(t, filter.direction, Boolean(filter.search)), slice.fromEnd);
    return this.select(kind, who.userId, locale)
      .where(inSlice(t.id, t, MediaRepository.whereFor(kind, who.access, filter), order, slice.limit, offset))
      .orderBy(...order);
  }

  /** One published item the viewer may open, or null. */
  async findVisible(kind: MediaKind, id: number, viewer: Viewer, locale: Locale): Promise<MediaRow | null> {
    const t = mediaTable(kind);
    const [row] = await this.select(kind, viewer.userId, locale)
      .where(and(eq(t.id, id), this.where(kind, viewer, {})))
      .limit(1);
    return row ?? null;
  }

  /** Other items of the same category, newest first: ids from the category index, then those rows joined. */
  related(kind: MediaKind, item: { id: number; categoryId: number | null }, viewer: Viewer, locale: Locale, limit = 4) {
    const t = mediaTable(kind);
    if (item.categoryId === null) return Promise.resolve([]);
    const order = [desc(t.published_at), desc(t.id)];
    const ids = this.db
      .select({ id: t.id })
      .from(t)
      .where(and(this.where(kind, viewer, { categories: [item.categoryId] }), ne(t.id, item.id)))
      .orderBy(...order)
      .limit(limit);
    return this.select(kind, viewer.userId, locale)
      .where(inArray(t.id, ids))
      .orderBy(...order);
  }

  /**
   * Started, unfinished items, most recently played first: the user's latest positions from
   * `media_positions_continue_idx` (a few more than shown, for items since unpublished or closed to
   * them), then only those items joined and filtered.
   */
  continueList(kind: MediaKind, viewer: Viewer, locale: Locale, limit = 12): Promise<MediaRow[]> {
    const t = mediaTable(kind);
    const recent = this.db
      .select({ id: mediaPositions.item_id })
      .from(mediaPositions)
      .where(
        and(
          eq(mediaPositions.user_id, viewer.userId),
          eq(mediaPositions.kind, kind),
          eq(mediaPositions.completed, false),
          sql`${mediaPositions.position_seconds} > 0`,
        ),
      )
      // As the index holds it (DESC NULLS LAST), so the walk needs no sort.
      .orderBy(sql`${mediaPositions.updated_at} desc nulls last`)
      .limit(limit * 4);
    return this.select(kind, viewer.userId, locale)
      .where(and(inArray(t.id, recent), this.where(kind, viewer, {})))
      .orderBy(sql`${mediaPositions.updated_at} desc nulls last`)
      .limit(limit);
  }

  /** The kind's categories with the number of published items the viewer may open (one grouped read). */
  categoriesWithCounts(kind: MediaKind, viewer: Viewer, locale: Locale) {
    const t = mediaTable(kind);
    const name = sql<string>`coalesce(nullif(${categories.name}->>${locale}, ''), nullif(${categories.name}->>'en', ''), '')`;
    return this.db
      .select({ id: categories.id, name, count: sql<number>`count(${t.id})::int` })
      .from(categories)
      .leftJoin(t, and(eq(t.category_id, categories.id), this.where(kind, viewer, {})))
      .where(eq(categories.type, kind))
      .groupBy(categories.id)
      .orderBy(name, categories.id);
  }

  /** Where the files of a published item live, for the signed stream route. */
  async streamTarget(kind: MediaKind, id: number, part: 'file' | 'poster' | 'captions') {
    const t = mediaTable(kind);
    const column = part === 'file' ? t.file_id : part === 'poster' ? t.poster_file_id : t.captions_file_id;
    const [row] = await this.db
      .select({ key: storedFiles.storage_key, contentType: storedFiles.content_type, size: storedFiles.size_bytes })
      .from(t)
      .innerJoin(storedFiles, eq(storedFiles.id, column))
      .where(and(eq(t.id, id), publishedSql(t)))
      .limit(1);
    return row ?? null;
  }

  // ---------- caption search ----------

  private cueWhere(kind: MediaKind, viewer: Viewer, search: string): SQL {
    return and(
      eq(mediaCaptionCues.kind, kind),
      sql`${mediaCaptionCues.search} @@ websearch_to_tsquery('norwegian', ${search})`,
      this.where(kind, viewer, {}),
    )!;
  }

  async countCues(kind: MediaKind, viewer: Viewer, search: string): Promise<number> {
    const t = mediaTable(kind);
    const [row] = await this.db
      .select({ n: count() })
      .from(mediaCaptionCues)
      .innerJoin(t, eq(t.id, mediaCaptionCues.item_id))
      .where(this.cueWhere(kind, viewer, search));
    return row?.n ?? 0;
  }

  /** Matching cues (GIN on the cue text), newest items first, in the order they are said. */
  cues(kind: MediaKind, viewer: Viewer, search: string, offset: number, limit: number) {
    const t = mediaTable(kind);
    return this.db
      .select({ item_id: mediaCaptionCues.item_id, start_seconds: mediaCaptionCues.start_seconds, text: mediaCaptionCues.text })
      .from(mediaCaptionCues)
      .innerJoin(t, eq(t.id, mediaCaptionCues.item_id))
      .where(this.cueWhere(kind, viewer, search))
      .orderBy(desc(t.published_at), desc(t.id), mediaCaptionCues.start_seconds, mediaCaptionCues.id)
      .limit(limit)
      .offset(offset);
  }

  /** Items by id with the viewer's positions (for the hits of one page). */
  itemsByIds(kind: MediaKind, ids: number[], userId: number, locale: Locale): Promise<MediaRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.select(kind, userId, locale).where(inArray(mediaTable(kind).id, ids));
  }

  // ---------- positions and settings ----------

  async duration(kind: MediaKind, id: number, viewer: Viewer): Promise<{ duration: number | null } | null> {
    const t = mediaTable(kind);
    const [row] = await this.db
      .select({ duration: t.duration_seconds })
      .from(t)
      .where(and(eq(t.id, id), this.where(kind, viewer, {})))
      .limit(1);
    return row ?? null;
  }

  async savePosition(userId: number, kind: MediaKind, itemId: number, position: number, completed: boolean) {
    await this.db
      .insert(mediaPositions)
      .values({ user_id: userId, kind, item_id: itemId, position_seconds: position, completed })
      .onConflictDoUpdate({
        target: [mediaPositions.user_id, mediaPositions.kind, mediaPositions.item_id],
        set: { position_seconds: position, completed, updated_at: sql`now()` },
      });
  }

  async resumeEnabled(userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ resume: mediaPreferences.resume })
      .from(mediaPreferences)
      .where(eq(mediaPreferences.user_id, userId));
    return row?.resume ?? true;
  }

  async setResume(userId: number, resume: boolean): Promise<void> {
    await this.db
      .insert(mediaPreferences)
      .values({ user_id: userId, resume })
      .onConflictDoUpdate({ target: mediaPreferences.user_id, set: { resume, updated_at: sql`now()` } });
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /** Where someone stopped, their settings and their feed tokens are theirs alone: all go. */
  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(mediaPositions).where(eq(mediaPositions.user_id, userId));
    await tx.delete(mediaPreferences).where(eq(mediaPreferences.user_id, userId));
    await tx.delete(podcastFeeds).where(eq(podcastFeeds.user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      media_positions: await this.db.select().from(mediaPositions).where(eq(mediaPositions.user_id, userId)),
      media_preferences: await this.db.select().from(mediaPreferences).where(eq(mediaPreferences.user_id, userId)),
      podcast_feeds: await this.db.select().from(podcastFeeds).where(eq(podcastFeeds.user_id, userId)),
    };
  }
}
