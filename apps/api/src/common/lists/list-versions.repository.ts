import { Injectable } from '@nestjs/common';
import { type Database, schema } from '@legenett/db';
import { sql } from 'drizzle-orm';
import { InjectDatabase } from '../../database/database.module';

const { listVersions } = schema;

/** Tables whose lists have cached counts; a trigger raises the table's version on each write (migrations 0008, 0010, 0012). */
export const LISTED_TABLES = ['jobs', 'products', 'partner_companies', 'petitions', 'courses', 'videos', 'audio_tracks'] as const;
export type ListedTable = (typeof LISTED_TABLES)[number];

/**
 * Read on every list request: one named prepared statement (`list_versions`), built once, planned
 * once per pooled connection.
 */
@Injectable()
export class ListVersionsRepository {
  private readonly query;

  constructor(@InjectDatabase() db: Database) {
    this.query = db
      .select({ name: listVersions.name, version: listVersions.version })
      .from(listVersions)
      .where(sql`${listVersions.name} = any(${sql.placeholder('names')}::text[])`)
      .prepare('list_versions');
  }

  /** The current versions, one primary-key read; a table never written yet is version 0. */
  async versions(tables: readonly ListedTable[]): Promise<number[]> {
    const rows = await this.query.execute({ names: [...tables] });
    if (rows.length === 1 && tables.length === 1) return [rows[0]!.version];
    const byName = new Map(rows.map((r) => [r.name, r.version]));
    return tables.map((t) => byName.get(t) ?? 0);
  }
}
