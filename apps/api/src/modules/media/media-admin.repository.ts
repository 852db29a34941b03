import { Injectable } from '@nestjs/common';
import { type Locale, type MediaAccessLevel, type MediaKind } from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { InjectDatabase } from '../../database/database.module';
import { localisedRef } from '../reference';
import { mediaTable } from './media.repository';
import { type Cue } from './webvtt';

const { categories, mediaPositions, mediaCaptionCues, storedFiles, frontendSettings } = schema;

export interface AdminMediaRow {
  id: number;
  title: string;
  description: string;
  category: { id: number; name: string } | null;
  category_id: number | null;
  duration_seconds: number | null;
  published_at: Date | null;
  has_poster: boolean;
  has_captions: boolean;
  file_id: number | null;
  file_size_bytes: number | null;
  url: string | null;
  embed_code: string | null;
  access_level: MediaAccessLevel;
  specialty_ids: number[];
  created_at: Date;
}

export interface MediaWrite {
  title: string;
  description: string;
  category_id: number | null;
  access_level: MediaAccessLevel;
  specialty_ids: number[];
  url: string | null;
  embed_code: string | null;
  published_at: Date | null;
}

export interface MediaFiles {
  file_id: number | null;
  poster_file_id: number | null;
  duration_seconds: number | null;
}

/** The administrator's side of the archive: every item whatever its state, categories, settings. */
@Injectable()
export class MediaAdminRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  private select(kind: MediaKind, locale: Locale) {
    const t = mediaTable(kind);
    return this.db
      .select({
        id: t.id,
        title: t.title,
        description: t.description,
        category: localisedRef(categories, locale),
        category_id: t.category_id,
        duration_seconds: t.duration_seconds,
        published_at: t.published_at,
        has_poster: sql<boolean>`${t.poster_file_id} is not null`,
        has_captions: sql<boolean>`${t.captions_file_id} is not null`,
        file_id: t.file_id,
        file_size_bytes: storedFiles.size_bytes,
        url: t.url,
        embed_code: t.embed_code,
        access_level: t.access_level,
        specialty_ids: t.specialty_ids,
        created_at: t.created_at,
      })
      .from(t)
      .leftJoin(categories, eq(categories.id, t.category_id))
      .leftJoin(storedFiles, eq(storedFiles.id, t.file_id));
  }

  private static where(kind: MediaKind, search: string | undefined): SQL | undefined {
    const t = mediaTable(kind);
    return search ? sql`${t.search} @@ websearch_to_tsquery('norwegian', ${search})` : undefined;
  }

  async count(kind: MediaKind, search: string | undefined): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(mediaTable(kind)).where(MediaAdminRepository.where(kind, search));
    return row?.n ?? 0;
  }

  /** Newest first by creation (drafts have no publishing time). */
  page(kind: MediaKind, search: string | undefined, locale: Locale, offset: number, limit: number): Promise<AdminMediaRow[]> {
    const t = mediaTable(kind);
    return this.select(kind, locale)
      .where(MediaAdminRepository.where(kind, search))
      .orderBy(desc(t.id))
      .limit(limit)
      .offset(offset);
  }

  async find(kind: MediaKind, id: number, locale: Locale): Promise<AdminMediaRow | null> {
    const t = mediaTable(kind);
    const [row] = await this.select(kind, locale).where(eq(t.id, id)).limit(1);
    return row ?? null;
  }

  async insert(kind: MediaKind, write: MediaWrite, files: MediaFiles): Promise<number> {
    const t = mediaTable(kind);
    const [row] = await this.db
      .insert(t)
      .values({ ...write, ...files })
      .returning({ id: t.id });
    return row!.id;
  }

  async update(kind: MediaKind, id: number, write: MediaWrite): Promise<void> {
    const t = mediaTable(kind);
    await this.db.update(t).set(write).where(eq(t.id, id));
  }

  async setPublished(kind: MediaKind, id: number, at: Date | null): Promise<boolean> {
    const t = mediaTable(kind);
    const rows = await this.db.update(t).set({ published_at: at }).where(eq(t.id, id)).returning({ id: t.id });
    return rows.length > 0;
  }

  /**
   * Points the item at new captions and replaces its searchable cues; answers the file id it
   * replaced (to remove), or undefined for no item.
   */
  async replaceCaptions(kind: MediaKind, id: number, fileId: number, cues: readonly Cue[]): Promise<number | null | undefined> {
    const t = mediaTable(kind);
    return this.db.transaction(async (tx) => {
      const [old] = await tx.select({ id: t.captions_file_id }).from(t).where(eq(t.id, id)).for('update');
      if (!old) return undefined;
      await tx.update(t).set({ captions_file_id: fileId }).where(eq(t.id, id));
      await tx.delete(mediaCaptionCues).where(and(eq(mediaCaptionCues.kind, kind), eq(mediaCaptionCues.item_id, id)));
      // In batches: a long lecture has thousands of cues, and a statement takes at most 65 535 parameters.
      for (let i = 0; i < cues.length; i += 2000) {
        await tx.insert(mediaCaptionCues).values(
          cues.slice(i, i + 2000).map((c) => ({ kind, item_id: id, start_seconds: c.startSeconds, text: c.text })),
        );
      }
      return old.id;
    });
  }

  /** Points the item at a new poster; answers the previous poster's id (to remove) or null, undefined when there is no item. */
  async replacePoster(kind: MediaKind, id: number, fileId: number): Promise<number | null | undefined> {
    const t = mediaTable(kind);
    return this.db.transaction(async (tx) => {
      const [old] = await tx.select({ id: t.poster_file_id }).from(t).where(eq(t.id, id)).for('update');
      if (!old) return undefined;
      await tx.update(t).set({ poster_file_id: fileId }).where(eq(t.id, id));
      return old.id;
    });
  }

  /** Deletes the item and its saved positions; answers its file ids (to remove), or null when there was none. */
  async delete(kind: MediaKind, id: number): Promise<number[] | null> {
    const t = mediaTable(kind);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(t)
        .where(eq(t.id, id))
        .returning({ file: t.file_id, poster: t.poster_file_id, captions: t.captions_file_id });
      if (!row) return null;
      await tx.delete(mediaPositions).where(and(eq(mediaPositions.kind, kind), eq(mediaPositions.item_id, id)));
      await tx.delete(mediaCaptionCues).where(and(eq(mediaCaptionCues.kind, kind), eq(mediaCaptionCues.item_id, id)));
      return [row.file, row.poster, row.captions].filter((f): f is number => f !== null);
    });
  }

  // ---------- categories ----------

  categoryOfKind(kind: MediaKind, id: number) {
    return this.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, id), eq(categories.type, kind)))
      .limit(1)
      .then((rows) => rows.length > 0);
  }

  categories(kind: MediaKind, categoryId?: number) {
    const t = mediaTable(kind);
    return this.db
      .select({
        id: categories.id,
        type: sql<MediaKind>`${categories.type}`,
        name: categories.name,
        items_count: sql<number>`(select count(*)::int from ${t} where ${t.category_id} = ${categories.id})`,
      })
      .from(categories)
      .where(and(eq(categories.type, kind), categoryId === undefined ? undefined : eq(categories.id, categoryId)))
      .orderBy(sql`${categories.name}->>'no'`, categories.id);
  }

  /** Type of a video or audio category, or null. */
  async mediaCategoryKind(id: number): Promise<MediaKind | null> {
    const [row] = await this.db.select({ type: categories.type }).from(categories).where(eq(categories.id, id));
    return row?.type === 'video' || row?.type === 'audio' ? row.type : null;
  }

  async insertCategory(kind: MediaKind, code: string, name: { no: string; en: string }): Promise<number> {
    const [row] = await this.db.insert(categories).values({ type: kind, code, name }).returning({ id: categories.id });
    return row!.id;
  }

  async renameCategory(id: number, name: { no: string; en: string }): Promise<void> {
    await this.db.update(categories).set({ name }).where(eq(categories.id, id));
  }

  async deleteCategory(id: number): Promise<void> {
    await this.db.delete(categories).where(eq(categories.id, id));
  }

  // ---------- frontend settings ----------

  async setFrontendSettings(values: Record<string, string | null>): Promise<void> {
    const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
    await this.db
      .insert(frontendSettings)
      .values(rows)
      .onConflictDoUpdate({ target: frontendSettings.key, set: { value: sql`excluded.value`, updated_at: sql`now()` } });
  }
}
