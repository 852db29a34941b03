import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { inList, timestamps, tstz } from './_shared';
import { categories, cities } from './reference';
import { users } from './users';
import { storedFiles } from './files';

export const FOLLOW_INVITATION_STATUSES = ['pending', 'accepted', 'declined'] as const;

/** Partner companies: the business profiles users manage and act as. */
export const partnerCompanies = pgTable(
  'partner_companies',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description'),
    organisation_number: text('organisation_number'),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    address: text('address'),
    postal_code: text('postal_code'),
    city_id: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    /** `stored_files` main rows. */
    logo_file_id: integer('logo_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    background_file_id: integer('background_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    /** Unpublished pages are visible to their managers only. */
    is_published: boolean('is_published').notNull().default(false),
    is_comments_allowed: boolean('is_comments_allowed').notNull().default(true),
    followers_count: integer('followers_count').notNull().default(0),
    created_by_user_id: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    deleted_at: tstz('deleted_at'),
    reason_to_delete: text('reason_to_delete'),
    ...timestamps,
  },
  (t) => [
    check('partner_companies_followers_count_check', sql`${t.followers_count} >= 0`),
    index('partner_companies_logo_file_id_idx').on(t.logo_file_id).where(sql`${t.logo_file_id} is not null`),
    index('partner_companies_background_file_id_idx').on(t.background_file_id).where(sql`${t.background_file_id} is not null`),
    // Public list: published, not deleted, by name.
    index('partner_companies_public_name_idx')
      .on(sql`lower(${t.name})`, t.id)
      .where(sql`${t.is_published} and ${t.deleted_at} is null`),
    index('partner_companies_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const partnerCompanyCategories = pgTable(
  'partner_company_categories',
  {
    partner_company_id: integer('partner_company_id')
      .notNull()
      .references(() => partnerCompanies.id, { onDelete: 'cascade' }),
    /** A `categories` row of type `company`. */
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.partner_company_id, t.category_id] }),
    index('partner_company_categories_category_id_idx').on(t.category_id),
  ],
);

export const partnerCompanyManagers = pgTable(
  'partner_company_managers',
  {
    partner_company_id: integer('partner_company_id')
      .notNull()
      .references(() => partnerCompanies.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.partner_company_id, t.user_id] }),
    index('partner_company_managers_user_id_idx').on(t.user_id),
  ],
);

export const partnerCompanyFollowers = pgTable(
  'partner_company_followers',
  {
    partner_company_id: integer('partner_company_id')
      .notNull()
      .references(() => partnerCompanies.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.partner_company_id, t.user_id] }),
    // Followers list, newest first.
    index('partner_company_followers_company_created_at_idx').on(t.partner_company_id, t.created_at.desc()),
    // Feed: which companies a user follows.
    index('partner_company_followers_user_id_idx').on(t.user_id),
  ],
);

export const followInvitations = pgTable(
  'follow_invitations',
  {
    id: serial('id').primaryKey(),
    partner_company_id: integer('partner_company_id')
      .notNull()
      .references(() => partnerCompanies.id, { onDelete: 'cascade' }),
    invited_user_id: integer('invited_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invited_by_user_id: integer('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: FOLLOW_INVITATION_STATUSES }).notNull().default('pending'),
    responded_at: tstz('responded_at'),
    ...timestamps,
  },
  (t) => [
    check('follow_invitations_status_check', inList(t.status, FOLLOW_INVITATION_STATUSES)),
    uniqueIndex('follow_invitations_company_user_uq').on(t.partner_company_id, t.invited_user_id),
    index('follow_invitations_invited_user_id_idx').on(t.invited_user_id, t.status),
  ],
);
