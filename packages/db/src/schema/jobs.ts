import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { inList, norwegianSearch, timestamps, tstz, tsvector } from './_shared';
import { partnerCompanies, users, storedFiles } from './accounts';
import { WORKPLACE_TYPES } from './professional';
import { cities, clinics, counties, hospitals, jobCategories, specialties } from './reference';

export const POSITION_TYPES = ['full_time', 'substitute', 'asap'] as const;
/** A published job whose application_deadline has passed is archived without a status change. */
export const JOB_STATUSES = ['published', 'closed'] as const;

export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** The spec's job "type". */
    job_category_id: integer('job_category_id').references(() => jobCategories.id, { onDelete: 'set null' }),
    position_type: text('position_type', { enum: POSITION_TYPES }).notNull(),
    description: text('description').notNull().default(''),
    /** Workplace filter: kind of workplace and, when known, which one. */
    workplace_type: text('workplace_type', { enum: WORKPLACE_TYPES }),
    hospital_id: integer('hospital_id').references(() => hospitals.id, { onDelete: 'set null' }),
    clinic_id: integer('clinic_id').references(() => clinics.id, { onDelete: 'set null' }),
    work_address: text('work_address'),
    address_line: text('address_line'),
    postal_code: text('postal_code'),
    city_area: text('city_area'),
    city_id: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    county_id: integer('county_id').references(() => counties.id, { onDelete: 'set null' }),
    contact_person: text('contact_person'),
    phone: text('phone'),
    recruiting_link: text('recruiting_link'),
    application_deadline: date('application_deadline', { mode: 'string' }).notNull(),
    hiring_date: date('hiring_date', { mode: 'string' }),
    published_at: tstz('published_at').notNull().defaultNow(),
    company_name: text('company_name').notNull(),
    /** `stored_files` main row. */
    company_logo_file_id: integer('company_logo_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    organisation_number: text('organisation_number'),
    /** Posted on behalf of this company (its managers may edit too). */
    partner_company_id: integer('partner_company_id').references(() => partnerCompanies.id, {
      onDelete: 'set null',
    }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('published'),
    closed_at: tstz('closed_at'),
    views_count: integer('views_count').notNull().default(0),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        norwegianSearch([
          ['title', 'A'],
          ['company_name', 'B'],
          ['description', 'C'],
        ]),
      ),
    ...timestamps,
  },
  (t) => [
    check('jobs_position_type_check', inList(t.position_type, POSITION_TYPES)),
    check('jobs_status_check', inList(t.status, JOB_STATUSES)),
    check('jobs_workplace_type_check', inList(t.workplace_type, WORKPLACE_TYPES)),
    check('jobs_views_count_check', sql`${t.views_count} >= 0`),
    index('jobs_company_logo_file_id_idx').on(t.company_logo_file_id).where(sql`${t.company_logo_file_id} is not null`),
    // Current vs archived split, then newest first.
    index('jobs_status_deadline_idx').on(t.status, t.application_deadline),
    // The board's order with the current/archived split columns, so counts and deep pages read only the index.
    index('jobs_board_idx').on(t.published_at.desc(), t.id.desc(), t.status, t.application_deadline),
    index('jobs_county_id_published_at_idx').on(t.county_id, t.published_at.desc()),
    index('jobs_city_id_published_at_idx').on(t.city_id, t.published_at.desc()),
    index('jobs_job_category_id_published_at_idx').on(t.job_category_id, t.published_at.desc()),
    index('jobs_workplace_type_published_at_idx').on(t.workplace_type, t.published_at.desc()),
    index('jobs_hospital_id_idx').on(t.hospital_id),
    index('jobs_user_id_created_at_idx').on(t.user_id, t.created_at.desc()),
    index('jobs_partner_company_id_idx').on(t.partner_company_id),
    index('jobs_search_idx').using('gin', t.search),
  ],
);

export const jobSpecialties = pgTable(
  'job_specialties',
  {
    job_id: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    specialty_id: integer('specialty_id')
      .notNull()
      .references(() => specialties.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.job_id, t.specialty_id] }),
    index('job_specialties_specialty_id_job_id_idx').on(t.specialty_id, t.job_id),
  ],
);

/** Counts a view once per user (`mark-as-viewed`). */
export const jobViews = pgTable(
  'job_views',
  {
    id: serial('id').primaryKey(),
    job_id: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('job_views_job_user_uq').on(t.job_id, t.user_id),
    index('job_views_user_id_idx').on(t.user_id),
  ],
);
