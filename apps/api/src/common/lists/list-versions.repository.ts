import { Injectable } from '@nestjs/common';
import { type Database, schema } from '@legenett/db';
import { inArray } from 'drizzle-orm';
import { InjectDatabase } from '../../database/database.module';

const { listVersions } = schema;

/** Tables whose lists have cached counts; a trigger raises the table's version on each write (migration 0008). */
export const LISTED_TABLES = ['jobs', 'products', 'partner_companies', 'petitions', 'courses'] as const;
export type ListedTable = (typeof LISTED_TABLES)[number];

@Injectable()
export class ListVersionsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** The current versions, one primary-key read; a table never written yet is version 0. */
  async versions(tables: readonly ListedTable[]): Promise<number[]> {
    const rows = await this.db
      .select({ name: listVersions.name, version: listVersions.version })
      .from(listVersions)
      .where(inArray(listVersions.name, [...tables]));
    const byName = new Map(rows.map((r) => [r.name, r.version]));
    return tables.map((t) => byName.get(t) ?? 0);
  }
}
