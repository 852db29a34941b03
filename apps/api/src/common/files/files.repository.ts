import { Injectable } from '@nestjs/common';
import { type Database, type FileKind, schema } from '@legenett/db';
import { and, eq, inArray, is, isNull, or, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { InjectDatabase } from '../../database/database.module';
import { type AccountTx, type ExportRows } from '../account-data';

const { storedFiles: files } = schema;

/** A `stored_files` row as the API uses it. */
export interface StoredFile {
  id: number;
  storage_key: string;
  kind: FileKind;
  content_type: string;
  size_bytes: number | null;
  width: number | null;
  height: number | null;
  original_name: string | null;
  owner_user_id: number | null;
  variant: string | null;
  created_at: Date;
}

export type NewStoredFile = Omit<StoredFile, 'id' | 'created_at'>;

/** A stored file with its other sizes by name (`{ sm: 'images/…-sm.webp' }`). */
export type StoredFileWithVariants = StoredFile & { variants: Record<string, string> };

/**
 * For other repositories' selects: the storage key of the file a column points at, or null.
 * (`profile_avatar: fileKey(users.avatar_file_id)`; the service turns keys into URLs.)
 */
export const fileKey = (fileId: PgColumn): SQL<string | null> =>
  sql<string | null>`(select ${files.storage_key} from ${files} where ${files.id} = ${fileId})`;

/** The key of one other size of the file a column points at (`variantKey(productImages.file_id, 'sm')`). */
export const variantKey = (fileId: PgColumn, variant: string): SQL<string | null> =>
  sql<string | null>`(select ${files.storage_key} from ${files} where ${files.original_id} = ${fileId} and ${files.variant} = ${variant})`;

/**
 * Every column of the schema that points at `stored_files` (but its own variant link), read from the
 * foreign keys themselves, so a new table that stores files is counted without anyone listing it.
 */
export function fileReferences(): PgColumn[] {
  const columns: PgColumn[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable) || table === files) continue;
    for (const fk of getTableConfig(table).foreignKeys) {
      const ref = fk.reference();
      if (ref.foreignTable === files) columns.push(...ref.columns);
    }
  }
  return columns;
}

const selection = {
  id: files.id,
  storage_key: files.storage_key,
  kind: files.kind,
  content_type: files.content_type,
  size_bytes: files.size_bytes,
  width: files.width,
  height: files.height,
  original_name: files.original_name,
  owner_user_id: files.owner_user_id,
  variant: files.variant,
  created_at: files.created_at,
};

/** `stored_files`: the one record of what is in storage. */
@Injectable()
export class FilesRepository {
  /** `exists (select 1 from <t> where <t>.<col> = stored_files.id)` for every referencing column. */
  private readonly inUse: SQL;

  constructor(@InjectDatabase() private readonly db: Database) {
    const checks = fileReferences().map((column) => sql`exists (select 1 from ${column.table} where ${column} = ${files.id})`);
    this.inUse = sql`(${sql.join(checks, sql` or `)})`;
  }

  /** The main row and its other sizes, in one transaction. */
  async insert(main: NewStoredFile, variants: readonly NewStoredFile[]): Promise<StoredFileWithVariants> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(files).values(main).returning(selection);
      if (variants.length > 0) {
        await tx.insert(files).values(variants.map((v) => ({ ...v, original_id: row!.id })));
      }
      return { ...row!, variants: Object.fromEntries(variants.map((v) => [v.variant ?? '', v.storage_key])) };
    });
  }

  /** Bytes the user's files of `kind` take, all sizes counted (an upload quota). */
  async bytesOwned(userId: number, kind: FileKind): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`coalesce(sum(${files.size_bytes}), 0)::float8` })
      .from(files)
      .where(and(eq(files.owner_user_id, userId), eq(files.kind, kind)));
    return row?.n ?? 0;
  }

  /** The row of a stored object (main or variant), by its key. */
  async byKey(key: string): Promise<StoredFile | null> {
    const [row] = await this.db.select(selection).from(files).where(eq(files.storage_key, key)).limit(1);
    return row ?? null;
  }

  /**
   * Deletes these files with their other sizes; answers the storage keys to remove. Fails (foreign
   * key) when something still points at one: callers clear the reference first.
   */
  async delete(ids: readonly number[]): Promise<string[]> {
    if (ids.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ key: files.storage_key })
        .from(files)
        .where(or(inArray(files.id, [...ids]), inArray(files.original_id, [...ids])))
        .for('update');
      await tx.delete(files).where(inArray(files.id, [...ids]));
      return rows.map((r) => r.key);
    });
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /**
   * A user's files at account erasure, inside the erasure transaction after every other step: those
   * nothing uses any more are deleted (their keys answered, to leave storage after the commit);
   * those still in use (a published petition's PDF, a company's logo) stay, with no owner.
   */
  async eraseAccount(tx: AccountTx, userId: number): Promise<string[]> {
    const unused = await tx
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.owner_user_id, userId), isNull(files.original_id), sql`not ${this.inUse}`))
      .for('update');
    const ids = unused.map((r) => r.id);
    let keys: string[] = [];
    if (ids.length > 0) {
      const rows = await tx
        .select({ key: files.storage_key })
        .from(files)
        .where(or(inArray(files.id, ids), inArray(files.original_id, ids)));
      keys = rows.map((r) => r.key);
      await tx.delete(files).where(inArray(files.id, ids));
    }
    await tx.update(files).set({ owner_user_id: null }).where(eq(files.owner_user_id, userId));
    return keys;
  }

  /** The person's uploads, every size. */
  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return { uploaded_files: await this.db.select().from(files).where(eq(files.owner_user_id, userId)) };
  }
}
