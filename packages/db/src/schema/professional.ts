import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { inList, timestamps } from './_shared';
import {
  academicLevels,
  cities,
  clinics,
  hospitalClinicDepartments,
  hospitalClinics,
  hospitals,
  universities,
  universitySpecialties,
} from './reference';
import { customWorkplaces, users } from './accounts';

export const WORKPLACE_TYPES = ['hospital', 'general_practice', 'other'] as const;

export const professionalExperiences = pgTable(
  'professional_experiences',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    employer: text('employer'),
    position: text('position'),
    field_of_work: text('field_of_work'),
    workplace_type: text('workplace_type', { enum: WORKPLACE_TYPES }).notNull(),
    hospital_id: integer('hospital_id').references(() => hospitals.id, { onDelete: 'set null' }),
    hospital_clinic_id: integer('hospital_clinic_id').references(() => hospitalClinics.id, {
      onDelete: 'set null',
    }),
    department_id: integer('department_id').references(() => hospitalClinicDepartments.id, {
      onDelete: 'set null',
    }),
    department_name: text('department_name'),
    /** Municipality. */
    city_id: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    clinic_id: integer('clinic_id').references(() => clinics.id, { onDelete: 'set null' }),
    clinic_name: text('clinic_name'),
    custom_workplace_id: integer('custom_workplace_id').references(() => customWorkplaces.id, {
      onDelete: 'set null',
    }),
    started_at: date('started_at', { mode: 'string' }).notNull(),
    finished_at: date('finished_at', { mode: 'string' }),
    /** Still working there (then finished_at is null). */
    is_current: boolean('is_current').notNull().default(false),
    resigned: boolean('resigned').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('professional_experiences_workplace_type_check', inList(t.workplace_type, WORKPLACE_TYPES)),
    check(
      'professional_experiences_dates_check',
      sql`${t.finished_at} is null or ${t.finished_at} >= ${t.started_at}`,
    ),
    index('professional_experiences_user_id_started_at_idx').on(t.user_id, t.started_at.desc()),
    index('professional_experiences_hospital_id_idx').on(t.hospital_id),
    index('professional_experiences_clinic_id_idx').on(t.clinic_id),
  ],
);

export const educations = pgTable(
  'educations',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    university_id: integer('university_id').references(() => universities.id, { onDelete: 'set null' }),
    university_specialty_id: integer('university_specialty_id').references(() => universitySpecialties.id, {
      onDelete: 'set null',
    }),
    academic_level_id: integer('academic_level_id').references(() => academicLevels.id, {
      onDelete: 'set null',
    }),
    started_at: date('started_at', { mode: 'string' }).notNull(),
    graduated_at: date('graduated_at', { mode: 'string' }),
    currently_studying: boolean('currently_studying').notNull().default(false),
    doctorate: boolean('doctorate').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('educations_dates_check', sql`${t.graduated_at} is null or ${t.graduated_at} >= ${t.started_at}`),
    index('educations_user_id_started_at_idx').on(t.user_id, t.started_at.desc()),
  ],
);
