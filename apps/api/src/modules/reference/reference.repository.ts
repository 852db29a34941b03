import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { type CategoryQuery, type FrontendSettings, isSiteLink, type Locale, type NamedRef, type ReferenceQuery } from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { and, type AnyColumn, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type PgTable } from 'drizzle-orm/pg-core';
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

  categories(locale: Locale, q: CategoryQuery) {
    const name = localisedName(categories.name, locale);
    return this.db
      .select({ id: categories.id, name, type: categories.type })
      .from(categories)
      .where(and(eq(categories.type, q.type), this.matches(name, q.search)))
      .orderBy(this.byName(name, locale), asc(categories.id))
      .limit(q.limit);
  }

  counties(locale: Locale, q: ReferenceQuery) {
    const name = localisedName(counties.name, locale);
    return this.db
      .select({ id: counties.id, name, code: counties.code })
      .from(counties)
      .where(this.matches(name, q.search))
      .orderBy(this.byName(name, locale), asc(counties.id))
      .limit(q.limit);
  }

  cities(locale: Locale, q: ReferenceQuery, countyId?: number) {
    const name = localisedName(cities.name, locale);
    return this.db
      .select({ id: cities.id, name, county_id: cities.county_id })
      .from(cities)
      .where(and(countyId === undefined ? undefined : eq(cities.county_id, countyId), this.matches(name, q.search)))
      .orderBy(this.byName(name, locale), asc(cities.id))
      .limit(q.limit);
  }

  countries(locale: Locale, q: ReferenceQuery) {
    const name = localisedName(countries.name, locale);
    return this.db
      .select({ id: countries.id, name, code: countries.code })
      .from(countries)
      .where(this.matches(name, q.search))
      .orderBy(this.byName(name, locale), asc(countries.id))
      .limit(q.limit);
  }

  hospitals(locale: Locale, q: ReferenceQuery) {
    const name = localisedName(hospitals.name, locale);
    return this.db
      .select({ id: hospitals.id, name, health_trust: hospitals.health_trust, city_id: hospitals.city_id })
      .from(hospitals)
      .where(this.matches(name, q.search))
      .orderBy(this.byName(name, locale), asc(hospitals.id))
      .limit(q.limit);
  }

  hospitalClinics(locale: Locale, q: ReferenceQuery, hospitalId?: number) {
    const name = localisedName(hospitalClinics.name, locale);
    return this.db
      .select({ id: hospitalClinics.id, name, hospital_id: hospitalClinics.hospital_id })
      .from(hospitalClinics)
      .where(
        and(
          hospitalId === undefined ? undefined : eq(hospitalClinics.hospital_id, hospitalId),
          this.matches(name, q.search),
        ),
      )
      .orderBy(this.byName(name, locale), asc(hospitalClinics.id))
      .limit(q.limit);
  }

  departments(locale: Locale, q: ReferenceQuery, hospitalClinicId: number) {
    const t = hospitalClinicDepartments;
    const name = localisedName(t.name, locale);
    return this.db
      .select({ id: t.id, name, hospital_clinic_id: t.hospital_clinic_id })
      .from(t)
      .where(and(eq(t.hospital_clinic_id, hospitalClinicId), this.matches(name, q.search)))
      .orderBy(this.byName(name, locale), asc(t.id))
      .limit(q.limit);
  }

  clinics(locale: Locale, q: ReferenceQuery, cityId?: number) {
    const name = localisedName(clinics.name, locale);
    return this.db
      .select({ id: clinics.id, name, city_id: clinics.city_id })
      .from(clinics)
      .where(and(cityId === undefined ? undefined : eq(clinics.city_id, cityId), this.matches(name, q.search)))
      .orderBy(this.byName(name, locale), asc(clinics.id))
      .limit(q.limit);
  }

  /** The lists that are only id and name. */
  simple(list: 'specialties' | 'universitySpecialties' | 'jobCategories', locale: Locale, q: ReferenceQuery) {
    const t = { specialties, universitySpecialties, jobCategories }[list];
    const name = localisedName(t.name, locale);
    return this.db
      .select({ id: t.id, name })
      .from(t)
      .where(this.matches(name, q.search))
      .orderBy(this.byName(name, locale), asc(t.id))
      .limit(q.limit);
  }

  universities(locale: Locale, q: ReferenceQuery) {
    const name = localisedName(universities.name, locale);
    return this.db
      .select({ id: universities.id, name, country_code: universities.country_code })
      .from(universities)
      .where(this.matches(name, q.search))
      .orderBy(this.byName(name, locale), asc(universities.id))
      .limit(q.limit);
  }

  /** Academic levels keep their own order (bachelor before master before PhD). */
  academicLevels(locale: Locale, q: ReferenceQuery) {
    const name = localisedName(academicLevels.name, locale);
    return this.db
      .select({ id: academicLevels.id, name })
      .from(academicLevels)
      .where(this.matches(name, q.search))
      .orderBy(asc(academicLevels.sort_order), this.byName(name, locale), asc(academicLevels.id))
      .limit(q.limit);
  }

  workplaceSituations(locale: Locale, q: ReferenceQuery) {
    const t = workplaceSituations;
    const name = localisedName(t.name, locale);
    return this.db
      .select({ id: t.id, name, code: t.code })
      .from(t)
      .where(this.matches(name, q.search))
      .orderBy(this.byName(name, locale), asc(t.id))
      .limit(q.limit);
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
