import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { citext, inList, localised, timestamps, tstz } from './_shared';
import { categories, cities, clinics, counties, hospitals, specialties, workplaceSituations } from './reference';

/*
 * Accounts: the members (users), the partner companies and the stored files, in one file because
 * their tables reference each other (a member's avatar is a file, a file's owner a member, a company's
 * manager a member, a member acts as a company): in three files they imported each other in a circle.
 */

// ---- Members -----------------------------------------------------------------------------------

export const USER_STATUSES = ['awaiting_approval', 'in_review', 'approved', 'rejected', 'blocked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** The wire's `status_label` for each status. */
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  awaiting_approval: 'Awaiting approval',
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Rejected',
  blocked: 'Blocked',
};
export const LOCALES = ['no', 'en'] as const;
export const THEMES = ['light', 'dark'] as const;
export const REGISTRATION_METHODS = ['identity_provider', 'hpr_number', 'admin'] as const;
/** 0 = not checked / unknown, 1 = checked, not confirmed, 2 = confirmed health personnel. */
export const APPROVED_HRP_VALUES = [0, 1, 2] as const;
export const ROLE_CODES = ['doctor', 'student', 'admin', 'company_manager'] as const;
export const IDENTITY_SESSION_STATUSES = ['pending', 'completed', 'cancelled', 'expired'] as const;
export const IDENTITY_PROVIDERS = ['simulator', 'signicat'] as const;
export const HPR_PROFESSIONS = [
  'doctor',
  'student',
  'nurse',
  'dentist',
  'psychologist',
  'physiotherapist',
  'other',
] as const;
export const ACCOUNT_DECISIONS = ['approved', 'rejected', 'in_review', 'blocked', 'unblocked'] as const;
export const OUTBOX_CHANNELS = ['mail', 'sms'] as const;
export const OUTBOX_STATUSES = ['queued', 'sent', 'failed'] as const;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: citext('email').notNull().unique(),
    /** Null when the account cannot log in with a password (e.g. erased on deletion). */
    password_hash: text('password_hash'),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    /** Lower-cased full name for trigram name search (`/profile/search`). */
    search_name: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql`lower("first_name" || ' ' || "last_name")`),
    slug: text('slug').notNull().unique(),
    phone: text('phone'),
    private_mobile: text('private_mobile'),
    birth_date: date('birth_date', { mode: 'string' }),
    /** Keyed hash (HMAC) of the national identity number; the number itself is never stored. */
    national_id_hash: text('national_id_hash'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('awaiting_approval'),
    locale: text('locale', { enum: LOCALES }).notNull().default('no'),
    theme: text('theme', { enum: THEMES }).notNull().default('light'),
    registered_via: text('registered_via', { enum: REGISTRATION_METHODS }).notNull().default('hpr_number'),
    terms_accepted_at: tstz('terms_accepted_at'),
    no_sensitive_info_accepted_at: tstz('no_sensitive_info_accepted_at'),
    last_login_date: tstz('last_login_date'),
    email_verified_at: tstz('email_verified_at'),
    /** TOTP secret, encrypted by the API before storage. */
    two_factor_secret: text('two_factor_secret'),
    two_factor_enabled: boolean('two_factor_enabled').notNull().default(false),
    /** Last accepted TOTP time step, so a code works only once. */
    two_factor_last_step: integer('two_factor_last_step'),
    pending_email: citext('pending_email'),
    pending_email_token_hash: text('pending_email_token_hash'),
    pending_email_expires_at: tstz('pending_email_expires_at'),
    /** Profile pictures (`stored_files` main rows). */
    avatar_file_id: integer('avatar_file_id').references((): AnyPgColumn => storedFiles.id, { onDelete: 'restrict' }),
    background_file_id: integer('background_file_id').references((): AnyPgColumn => storedFiles.id, { onDelete: 'restrict' }),
    /** Access tokens issued before this are refused (password change, block, deletion). */
    sessions_valid_after: tstz('sessions_valid_after'),
    deleted_at: tstz('deleted_at'),
    reason_to_delete: text('reason_to_delete'),
    ...timestamps,
  },
  (t) => [
    check('users_status_check', inList(t.status, USER_STATUSES)),
    check('users_locale_check', inList(t.locale, LOCALES)),
    check('users_theme_check', inList(t.theme, THEMES)),
    check('users_registered_via_check', inList(t.registered_via, REGISTRATION_METHODS)),
    // One live account per person.
    uniqueIndex('users_national_id_hash_uq')
      .on(t.national_id_hash)
      .where(sql`${t.national_id_hash} is not null and ${t.deleted_at} is null`),
    index('users_status_created_at_idx').on(t.status, t.created_at),
    // A file's removal checks that nothing points at it (and erasure asks the same).
    index('users_avatar_file_id_idx').on(t.avatar_file_id).where(sql`${t.avatar_file_id} is not null`),
    index('users_background_file_id_idx').on(t.background_file_id).where(sql`${t.background_file_id} is not null`),
    index('users_search_name_trgm_idx').using('gin', sql`${t.search_name} gin_trgm_ops`),
    // Housekeeping clears e-mail changes that were never confirmed.
    index('users_pending_email_expires_at_idx')
      .on(t.pending_email_expires_at)
      .where(sql`${t.pending_email_expires_at} is not null`),
  ],
);

export const userInfo = pgTable(
  'user_info',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    approved_hrp: smallint('approved_hrp').notNull().default(0),
    hpr_number: text('hpr_number'),
    hpr_verified: boolean('hpr_verified').notNull().default(false),
    hpr_checked_at: tstz('hpr_checked_at'),
    county_id: integer('county_id').references(() => counties.id, { onDelete: 'set null' }),
    city_id: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    workplace_situation_id: integer('workplace_situation_id').references(() => workplaceSituations.id, {
      onDelete: 'set null',
    }),
    /** Current workplace: one of the reference lists, a custom workplace, a partner company, or free text. */
    workplace_hospital_id: integer('workplace_hospital_id').references(() => hospitals.id, {
      onDelete: 'set null',
    }),
    workplace_clinic_id: integer('workplace_clinic_id').references(() => clinics.id, {
      onDelete: 'set null',
    }),
    workplace_custom_id: integer('workplace_custom_id').references(() => customWorkplaces.id, {
      onDelete: 'set null',
    }),
    workplace_partner_company_id: integer('workplace_partner_company_id').references(
      () => partnerCompanies.id,
      {
        onDelete: 'set null',
      },
    ),
    workplace_name: text('workplace_name'),
    position: text('position'),
    about: text('about'),
    sms_webinar_reminders: boolean('sms_webinar_reminders').notNull().default(false),
    email_webinar_reminders: boolean('email_webinar_reminders').notNull().default(true),
    important_updates: boolean('important_updates').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('user_info_approved_hrp_check', inList(t.approved_hrp, APPROVED_HRP_VALUES)),
    index('user_info_hpr_number_idx').on(t.hpr_number),
    index('user_info_county_id_idx').on(t.county_id),
    index('user_info_city_id_idx').on(t.city_id),
    // "People you may know": colleagues at the same workplace.
    index('user_info_workplace_hospital_id_idx').on(t.workplace_hospital_id).where(sql`${t.workplace_hospital_id} is not null`),
    index('user_info_workplace_clinic_id_idx').on(t.workplace_clinic_id).where(sql`${t.workplace_clinic_id} is not null`),
    index('user_info_workplace_custom_id_idx').on(t.workplace_custom_id).where(sql`${t.workplace_custom_id} is not null`),
  ],
);

export const userSpecialties = pgTable(
  'user_specialties',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    specialty_id: integer('specialty_id')
      .notNull()
      .references(() => specialties.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.specialty_id] }),
    index('user_specialties_specialty_id_idx').on(t.specialty_id),
  ],
);

/** Role rows; the role -> permission-key mapping lives in code (contracts), not here. */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    code: text('code', { enum: ROLE_CODES }).notNull().unique(),
    name: localised('name').notNull(),
    ...timestamps,
  },
  (t) => [check('roles_code_check', inList(t.code, ROLE_CODES))],
);

export const userRoles = pgTable(
  'user_roles',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.user_id, t.role_id] }), index('user_roles_role_id_idx').on(t.role_id)],
);

/** One login session; rotation keeps the family, reuse of a spent token revokes it. */
export const refreshTokenFamilies = pgTable(
  'refresh_token_families',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Business profile the session acts as (`active_business_profile`). */
    active_partner_company_id: integer('active_partner_company_id').references(() => partnerCompanies.id, {
      onDelete: 'set null',
    }),
    absolute_expires_at: tstz('absolute_expires_at').notNull(),
    last_used_at: tstz('last_used_at'),
    revoked_at: tstz('revoked_at'),
    revoked_reason: text('revoked_reason'),
    user_agent: text('user_agent'),
    ip: text('ip'),
    ...timestamps,
  },
  (t) => [
    index('refresh_token_families_user_id_idx').on(t.user_id),
    // Housekeeping: sessions past their absolute lifetime or revoked.
    index('refresh_token_families_absolute_expires_at_idx').on(t.absolute_expires_at),
    index('refresh_token_families_revoked_at_idx').on(t.revoked_at).where(sql`${t.revoked_at} is not null`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    family_id: bigint('family_id', { mode: 'number' })
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token. */
    token_hash: text('token_hash').notNull().unique(),
    expires_at: tstz('expires_at').notNull(),
    /** Set when rotated; presenting it again means theft. */
    used_at: tstz('used_at'),
    ...timestamps,
  },
  (t) => [index('refresh_tokens_family_id_idx').on(t.family_id)],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: tstz('used_at'),
    ...timestamps,
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.user_id)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: tstz('expires_at').notNull(),
    used_at: tstz('used_at'),
    ...timestamps,
  },
  (t) => [
    index('password_reset_tokens_user_id_idx').on(t.user_id),
    index('password_reset_tokens_expires_at_idx').on(t.expires_at),
  ],
);

export const emailVerificationCodes = pgTable(
  'email_verification_codes',
  {
    id: serial('id').primaryKey(),
    /** The `{id}` of `/user-verification/{id}`: unguessable, unlike the serial id. */
    public_id: uuid('public_id').notNull().unique().defaultRandom(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: tstz('expires_at').notNull(),
    used_at: tstz('used_at'),
    ...timestamps,
  },
  (t) => [
    index('email_verification_codes_user_id_idx').on(t.user_id),
    index('email_verification_codes_expires_at_idx').on(t.expires_at),
  ],
);

/** Electronic-ID sessions (Signicat-style); the uuid is the session id in URLs. */
export const identitySessions = pgTable(
  'identity_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: IDENTITY_PROVIDERS }).notNull().default('simulator'),
    provider_session_id: text('provider_session_id'),
    status: text('status', { enum: IDENTITY_SESSION_STATUSES }).notNull().default('pending'),
    expires_at: tstz('expires_at').notNull(),
    completed_at: tstz('completed_at'),
    person_first_name: text('person_first_name'),
    person_last_name: text('person_last_name'),
    person_birth_date: date('person_birth_date', { mode: 'string' }),
    person_national_id_hash: text('person_national_id_hash'),
    error: text('error'),
    /** Account created from this session; a session creates at most one. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('identity_sessions_status_check', inList(t.status, IDENTITY_SESSION_STATUSES)),
    check('identity_sessions_provider_check', inList(t.provider, IDENTITY_PROVIDERS)),
    uniqueIndex('identity_sessions_user_id_uq').on(t.user_id),
    index('identity_sessions_status_expires_at_idx').on(t.status, t.expires_at),
    // Housekeeping deletes sessions of every status once expired.
    index('identity_sessions_expires_at_idx').on(t.expires_at),
  ],
);

/** Seeded stand-in for the health-personnel register (HPR). */
export const hprRegister = pgTable(
  'hpr_register',
  {
    id: serial('id').primaryKey(),
    hpr_number: text('hpr_number').notNull().unique(),
    national_id_hash: text('national_id_hash'),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    birth_date: date('birth_date', { mode: 'string' }),
    profession: text('profession', { enum: HPR_PROFESSIONS }).notNull(),
    has_authorisation: boolean('has_authorisation').notNull().default(false),
    has_licence: boolean('has_licence').notNull().default(false),
    specialty_codes: text('specialty_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    check('hpr_register_profession_check', inList(t.profession, HPR_PROFESSIONS)),
    index('hpr_register_national_id_hash_idx').on(t.national_id_hash),
  ],
);

/** Workplaces users add when the reference lists lack theirs (`/custom-workplaces`). */
export const customWorkplaces = pgTable(
  'custom_workplaces',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    city_id: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    created_by_user_id: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('custom_workplaces_lower_name_uq').on(sql`lower(${t.name})`),
    index('custom_workplaces_created_by_user_id_idx').on(t.created_by_user_id),
  ],
);

/** Admin decisions on accounts: the approval queue's history and the audit trail. */
export const accountDecisions = pgTable(
  'account_decisions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    admin_user_id: integer('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    decision: text('decision', { enum: ACCOUNT_DECISIONS }).notNull(),
    /** The account's status before the decision (unblock restores it); null on rows older than the column. */
    from_status: text('from_status', { enum: USER_STATUSES }),
    reason: text('reason'),
    ...timestamps,
  },
  (t) => [
    check('account_decisions_decision_check', inList(t.decision, ACCOUNT_DECISIONS)),
    check('account_decisions_from_status_check', inList(t.from_status, USER_STATUSES)),
    index('account_decisions_user_id_created_at_idx').on(t.user_id, t.created_at.desc()),
  ],
);

/** Every mail and SMS goes through here; without SMTP it is what the admin area shows. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    to: text('to').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    template: text('template'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    locale: text('locale', { enum: LOCALES }),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    sent_at: tstz('sent_at'),
    ...timestamps,
  },
  (t) => [
    check('outbox_messages_channel_check', inList(t.channel, OUTBOX_CHANNELS)),
    check('outbox_messages_status_check', inList(t.status, OUTBOX_STATUSES)),
    check('outbox_messages_locale_check', inList(t.locale, LOCALES)),
    index('outbox_messages_created_at_idx').on(t.created_at.desc(), t.id.desc()),
    index('outbox_messages_status_created_at_idx').on(t.status, t.created_at),
    // Housekeeping deletes delivered messages after the retention period.
    index('outbox_messages_sent_at_idx').on(t.sent_at).where(sql`${t.status} = 'sent'`),
  ],
);

// ---- Partner companies ---------------------------------------------------------------------------

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

// ---- Stored files ----------------------------------------------------------------------------------

/** What a stored file is for; decides how the API accepts and processes it (see docs/how-to/store-a-file.md). */
export const FILE_KINDS = [
  'avatar',
  'profile_background',
  'company_logo',
  'company_background',
  'job_logo',
  'post_image',
  'post_document',
  /** Attachments of direct messages (issue 26): members-only, signed links. */
  'message_image',
  'message_document',
  'product_image',
  'course_video',
  'petition_attachment',
  /** The video and audio archive (modules/media): the media file, its poster frame, its WebVTT captions. */
  'media_video',
  'media_audio',
  'media_poster',
  'media_captions',
  /** `POST /upload-image` and files carried over from before the one file model. */
  'image',
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/**
 * Every object in storage is one row here (ADR 0007). A file stored in several sizes is a main row
 * (`original_id` null) and one row per other size (`original_id` -> the main row, `variant` its name);
 * tables that use a file point at the main row. Rows go with their storage objects, never without.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: serial('id').primaryKey(),
    storage_key: text('storage_key').notNull().unique(),
    kind: text('kind', { enum: FILE_KINDS }).notNull(),
    content_type: text('content_type').notNull(),
    /** Null only for files carried over from before migration 0007, whose size was never recorded. */
    size_bytes: integer('size_bytes'),
    width: integer('width'),
    height: integer('height'),
    original_name: text('original_name'),
    /** Who uploaded it: their account erasure removes it, or keeps it unowned while something still uses it. */
    owner_user_id: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    original_id: integer('original_id').references((): AnyPgColumn => storedFiles.id, { onDelete: 'cascade' }),
    /** Size name (`lg`, `sm`); on a main row the name of its own size, or null for a file with one version. */
    variant: text('variant'),
    ...timestamps,
  },
  (t) => [
    index('stored_files_owner_user_id_idx').on(t.owner_user_id, t.created_at.desc()),
    unique('stored_files_original_id_variant_uq').on(t.original_id, t.variant),
    check('stored_files_kind_check', inList(t.kind, FILE_KINDS)),
    check('stored_files_variant_check', sql`${t.original_id} is null or ${t.variant} is not null`),
  ],
);
