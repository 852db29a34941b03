import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { type FrontendSettings, isSiteLink, type Locale, type NamedRef, type ReferenceQuery } from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { and, type AnyColumn, asc, type Column, eq, type GetColumnData, inArray, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { InjectDatabase } from '../../database/database.module';

const {
  academicLevels,
  categories,
  cities,
  clinics,
  counties,
  countries,
  customWorkplaces,
  frontendSettings,
  hospitalClinicDepartments,
  hospitalClinics,
  hospitals,
  jobCategories,
  specialties,
  universities,
  universitySpecialties,
  workplaceSituations,
} = schema;

/** Sort orders by language, used when the server has ICU (else the database's own order). */
const COLLATIONS: Record<Locale, string> = { no: 'nb-NO-x-icu', en: 'en-x-icu' };

/** The spec's fallback rule in SQL: requested locale, else English, else the first non-empty value. */
export function localisedName(column: AnyColumn, locale: Locale): SQL<string> {
  return sql<string>`coalesce(nullif(${column}->>${locale}, ''), nullif(${column}->>'en', ''), (select v.value from jsonb_each_text(${column}) as v where v.value <> '' limit 1), '')`;
}

/** `{ id, name }` of a left-joined row, or null when there is none (the SQL a reference is shown by). */
export function namedRef(id: AnyColumn | SQL, name: AnyColumn | SQL<string>): SQL<NamedRef | null> {
  return sql<NamedRef | null>`case when ${id} is null then null else json_build_object('id', ${id}, 'name', ${name}) end`;
}

/** A left-joined reference row (county, hospital, category ...) as `{ id, name }` in the caller's locale, or null. */
export function localisedRef(table: { id: AnyColumn; name: AnyColumn }, locale: Locale): SQL<NamedRef | null> {
  return namedRef(table.id, localisedName(table.name, locale));
}

/**
 * A reference row (county, hospital, category ...) as `{ id, name }` in the caller's locale, or null,
 * read by a scalar subquery on its primary key (`key` is the referring column) instead of a left join.
 * Same answer as `localisedRef` over a left join, but every left join is one more relation in the
 * planner's join search: the jobs board's page with six joined references took 4-8 ms to plan and
 * under 1 ms to run; with subqueries it plans in 0.5 ms (docs/performance/api-overhead.md).
 */
export function localisedRefOf(
  table: PgTable & { id: AnyColumn; name: AnyColumn },
  key: AnyColumn,
  locale: Locale,
): SQL<NamedRef | null> {
  return qualified(
    sql<NamedRef | null>`(select json_build_object('id', ${table.id}, 'name', ${localisedName(table.name, locale)}) from ${table} where ${table.id} = ${key})`,
  );
}

/**
 * `field` nested in one more SQL. Drizzle writes the columns of a selected SQL field without their
 * table when the query reads a single table (no joins), and inside a subquery an unqualified column
 * names the subquery's own table first (`w.course_id = "id"` would compare with `w.id`). Nested,
 * the columns keep their table: wrap every selected field with a correlated subquery in such a query.
 */
export const qualified = <T>(field: SQL<T>): SQL<T> => sql<T>`${field}`;

/** Tables a form field may point at, for the existence checks of ReferenceChecks. */
const REFERENCE_TABLES = {
  academicLevels,
  cities,
  clinics,
  counties,
  customWorkplaces,
  hospitalClinicDepartments,
  hospitalClinics,
  hospitals,
  jobCategories,
  specialties,
  universities,
  universitySpecialties,
  workplaceSituations,
} as const;
/** Categories are one table; a field points at the categories of one type. */
const CATEGORY_TYPES = { companyCategories: 'company', productCategories: 'product', petitionCategories: 'petition', courseCategories: 'course', videoCategories: 'video' } as const;
export type ReferenceTable = keyof typeof REFERENCE_TABLES | keyof typeof CATEGORY_TYPES;
const isCategoryTable = (table: ReferenceTable): table is keyof typeof CATEGORY_TYPES => table in CATEGORY_TYPES;

/** `%term%` for ILIKE with the user's own % and _ taken literally. */
export const likePattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a reference list reads: its table, the columns it shows beside id and name, a parent column, an order before the name. */
interface ListShape {
  table: PgTable & { id: PgColumn; name: PgColumn };
  columns: Record<string, PgColumn>;
  parent?: PgColumn;
  first?: PgColumn;
}

/** The reference lists of the API, each once: one reader (`ReferenceRepository.list`) serves them all. */
const REFERENCE_LISTS = {
  categories: { table: categories, columns: { type: categories.type }, parent: categories.type },
  counties: { table: counties, columns: { code: counties.code } },
  cities: { table: cities, columns: { county_id: cities.county_id }, parent: cities.county_id },
  countries: { table: countries, columns: { code: countries.code } },
  hospitals: { table: hospitals, columns: { health_trust: hospitals.health_trust, city_id: hospitals.city_id } },
  hospitalClinics: { table: hospitalClinics, columns: { hospital_id: hospitalClinics.hospital_id }, parent: hospitalClinics.hospital_id },
  departments: {
    table: hospitalClinicDepartments,
    columns: { hospital_clinic_id: hospitalClinicDepartments.hospital_clinic_id },
    parent: hospitalClinicDepartments.hospital_clinic_id,
  },
  clinics: { table: clinics, columns: { city_id: clinics.city_id }, parent: clinics.city_id },
  specialties: { table: specialties, columns: {} },
  universitySpecialties: { table: universitySpecialties, columns: {} },
  jobCategories: { table: jobCategories, columns: {} },
  universities: { table: universities, columns: { country_code: universities.country_code } },
  /** Academic levels keep their own order (bachelor before master before PhD). */
  academicLevels: { table: academicLevels, columns: {}, first: academicLevels.sort_order },
  workplaceSituations: { table: workplaceSituations, columns: { code: workplaceSituations.code } },
} as const satisfies Record<string, ListShape>;
export type ReferenceList = keyof typeof REFERENCE_LISTS;
type ColumnsOf<L extends ReferenceList> = (typeof REFERENCE_LISTS)[L]['columns'];
/** A row of list `L`: id, the localised name, and the list's own columns. */
export type ListRow<L extends ReferenceList> = { id: number; name: string } & { [K in keyof ColumnsOf<L>]: ColumnsOf<L>[K] extends Column ? GetColumnData<ColumnsOf<L>[K]> : never };
/** The value a child list's parent column takes (a county id, a category type); never for a list without one. */
type ParentOf<L extends ReferenceList> = (typeof REFERENCE_LISTS)[L] extends { parent: infer C extends AnyColumn } ? C['_']['data'] : never;

@Injectable()
export class ReferenceRepository implements OnModuleInit {
  private readonly logger = new Logger('ReferenceRepository');
  private collations: Partial<Record<Locale, string>> = {};

  constructor(@InjectDatabase() private readonly db: Database) {}

  /** Norwegian order (… Å after Ø after Æ after Z) needs ICU; look once which collations exist. */
  async onModuleInit(): Promise<void> {
    try {
      const wanted = Object.values(COLLATIONS);
      const found = await this.db.execute<{ collname: string }>(
        sql`select collname from pg_collation where collname in (${sql.join(
          wanted.map((c) => sql`${c}`),
          sql`, `,
        )})`,
      );
      const names = new Set(found.rows.map((r) => r.collname));
      for (const [locale, collation] of Object.entries(COLLATIONS) as [Locale, string][]) {
        if (names.has(collation)) this.collations[locale] = collation;
      }
    } catch (err) {
      this.logger.warn(`Could not read collations, sorting by database default: ${(err as Error).message}`);
    }
  }

  private byName(name: SQL<string>, locale: Locale): SQL {
    const collation = this.collations[locale];
    // The collation name comes from the fixed table above, never from a request.
    return collation ? sql`${name} collate ${sql.identifier(collation)}` : sql`${name}`;
  }

  private matches(name: SQL<string>, search: string | undefined): SQL | undefined {
    return search ? sql`${name} ilike ${likePattern(search)}` : undefined;
  }

  /** Which of `ids` are rows of `table`. */
  async existingIds(table: ReferenceTable, ids: readonly number[]): Promise<Set<number>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Set();
    const rows =
      isCategoryTable(table)
        ? await this.db
            .select({ id: categories.id })
            .from(categories)
            .where(and(inArray(categories.id, unique), eq(categories.type, CATEGORY_TYPES[table])))
        : await this.db
            .select({ id: REFERENCE_TABLES[table].id })
            .from(REFERENCE_TABLES[table])
            .where(inArray(REFERENCE_TABLES[table].id, unique));
    return new Set(rows.map((r) => r.id));
  }

  async exists(table: ReferenceTable, id: number): Promise<boolean> {
    return (await this.existingIds(table, [id])).has(id);
  }

  /**
   * One reference list (`REFERENCE_LISTS`): id, localised name and the list's own columns, searched
   * by name, in the language's order, at most `q.limit` rows; `parent` narrows a child list to one
   * parent (the cities of a county, a category type).
   */
  async list<L extends ReferenceList>(list: L, locale: Locale, q: ReferenceQuery, parent?: ParentOf<L>): Promise<ListRow<L>[]> {
    const { table, columns, parent: parentColumn, first } = REFERENCE_LISTS[list] as ListShape;
    const name = localisedName(table.name, locale);
    const rows = await this.db
      .select({ id: table.id, name, ...columns })
      .from(table)
      .where(and(parent === undefined || !parentColumn ? undefined : eq(parentColumn, parent), this.matches(name, q.search)))
      .orderBy(...(first ? [asc(first)] : []), this.byName(name, locale), asc(table.id))
      .limit(q.limit);
    // Drizzle cannot follow the list's columns through the generic: the row type is named here.
    return rows as ListRow<L>[];
  }

  async frontendSettings(): Promise<FrontendSettings> {
    const keys = ['prev_image_video_src', 'prev_image_video_link'] as const;
    const rows = await this.db
      .select({ key: frontendSettings.key, value: frontendSettings.value })
      .from(frontendSettings)
      .where(inArray(frontendSettings.key, [...keys]));
    const byKey = new Map(rows.map((r) => [r.key, r.value]));
    // A value stored before the rule (docs/media.md) is not handed out when it leads off the site.
    const safe = (v: string | null | undefined) => (v && isSiteLink(v) ? v : null);
    return { prev_image_video_src: safe(byKey.get(keys[0])), prev_image_video_link: safe(byKey.get(keys[1])) };
  }
}
