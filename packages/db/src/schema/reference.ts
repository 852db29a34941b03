import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { localised, timestamps } from './_shared';

/** Reference lists of spec point 3. Each has a stable `code` so seeding is idempotent. */

export const counties = pgTable('counties', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: localised('name').notNull(),
  ...timestamps,
});

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    county_id: integer('county_id').notNull().references(() => counties.id, { onDelete: 'restrict' }),
    name: localised('name').notNull(),
    ...timestamps,
  },
  (t) => [index('cities_county_id_idx').on(t.county_id)],
);

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: localised('name').notNull(),
  ...timestamps,
});

export const hospitals = pgTable(
  'hospitals',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: localised('name').notNull(),
    health_trust: text('health_trust'),
    city_id: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('hospitals_city_id_idx').on(t.city_id)],
);

export const hospitalClinics = pgTable(
  'hospital_clinics',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    hospital_id: integer('hospital_id').notNull().references(() => hospitals.id, { onDelete: 'cascade' }),
    name: localised('name').notNull(),
    ...timestamps,
  },
  (t) => [index('hospital_clinics_hospital_id_idx').on(t.hospital_id)],
);

export const hospitalClinicDepartments = pgTable(
  'hospital_clinic_departments',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    hospital_clinic_id: integer('hospital_clinic_id')
      .notNull()
      .references(() => hospitalClinics.id, { onDelete: 'cascade' }),
    name: localised('name').notNull(),
    ...timestamps,
  },
  (t) => [index('hospital_clinic_departments_clinic_id_idx').on(t.hospital_clinic_id)],
);

export const clinics = pgTable(
  'clinics',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    city_id: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    name: localised('name').notNull(),
    ...timestamps,
  },
  (t) => [index('clinics_city_id_idx').on(t.city_id)],
);

export const specialties = pgTable('specialties', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: localised('name').notNull(),
  ...timestamps,
});

export const universitySpecialties = pgTable('university_specialties', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: localised('name').notNull(),
  ...timestamps,
});

export const universities = pgTable('universities', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  country_code: text('country_code').notNull(),
  name: localised('name').notNull(),
  ...timestamps,
});

export const academicLevels = pgTable('academic_levels', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  sort_order: integer('sort_order').notNull().default(0),
  name: localised('name').notNull(),
  ...timestamps,
});

export const jobCategories = pgTable('job_categories', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: localised('name').notNull(),
  ...timestamps,
});

export const WORKPLACE_SITUATIONS = ['student', 'working', 'unemployed'] as const;
export const workplaceSituations = pgTable(
  'workplace_situations',
  {
    id: serial('id').primaryKey(),
    code: text('code', { enum: WORKPLACE_SITUATIONS }).notNull().unique(),
    name: localised('name').notNull(),
    ...timestamps,
  },
  (t) => [check('workplace_situations_code_check', sql`${t.code} in ('student', 'working', 'unemployed')`)],
);

export const CATEGORY_TYPES = ['company', 'course', 'product', 'petition', 'video', 'audio'] as const;
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    type: text('type', { enum: CATEGORY_TYPES }).notNull(),
    name: localised('name').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_type_code_uq').on(t.type, t.code),
    check('categories_type_check', sql`${t.type} in ('company', 'course', 'product', 'petition', 'video', 'audio')`),
  ],
);

/** Key/value settings the SPA reads (`prev_image_video_src`, `prev_image_video_link`). */
export const frontendSettings = pgTable('frontend_settings', {
  key: text('key').primaryKey(),
  value: text('value'),
  ...timestamps,
});
