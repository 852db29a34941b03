import { z } from 'zod';
import { withoutNationalId } from './guarded-text';

export const LOCALES = ['no', 'en'] as const;
export const LocaleSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof LocaleSchema>;
export const DEFAULT_LOCALE: Locale = 'no';
export const FALLBACK_LOCALE: Locale = 'en';
/** The cookie with the language the user chose: the web writes it, the API writes each page in it. */
export const LOCALE_COOKIE = 'legenett-locale';

/** A name stored per locale, e.g. `{ "no": "Fastlege", "en": "General practitioner" }`. */
export const LocalisedTextSchema = z.record(z.string(), z.string());
export type LocalisedText = z.infer<typeof LocalisedTextSchema>;

/**
 * The spec's fallback rule: the requested locale, else the fallback locale (en), else the first
 * non-empty value there is.
 */
export function localise(text: LocalisedText | null | undefined, locale: string): string {
  if (!text) return '';
  const wanted = text[locale];
  if (wanted) return wanted;
  const fallback = text[FALLBACK_LOCALE];
  if (fallback) return fallback;
  return Object.values(text).find((v) => v.length > 0) ?? '';
}

/** Largest value of a PostgreSQL `integer` column: most tables' ids. */
export const MAX_INT_ID = 2_147_483_647;
/** An id of an `integer` key; a larger number names no row and is bad input, not a database error. */
export const IdSchema = z.coerce.number().int().positive().max(MAX_INT_ID);
export const IdParamSchema = z.object({ id: IdSchema });
/** An id of a `bigserial` key (posts, comments, attachments, notifications): up to 2^53 on the wire. */
export const BigIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/**
 * A whole number in a query string, written in decimal digits only: blank or whitespace is missing
 * (`validation.required`), and `0x1`, `1e1`, `+1` or `1.0` are not read as numbers
 * (`validation.digits_only`), as `z.coerce.number()` would. A number given by a typed caller passes.
 */
export const digitsCount = (max = Number.MAX_SAFE_INTEGER) =>
  z
    .union([z.number(), z.string()], { error: 'validation.required' })
    .transform(String)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { message: 'validation.required', abort: true })
        .regex(/^\d{1,16}$/, { message: 'validation.digits_only' })
        .transform(Number)
        .pipe(z.number().max(max, { message: 'validation.digits_only' })),
    );

export const BigIdParamSchema = z.object({ id: BigIdSchema });
/** `:slug` of a member's or a company's page. */
export const SlugParamSchema = z.object({ slug: z.string().trim().min(1).max(200) });

// ---------- field rules shared by every form ----------

/** Optional free text: trimmed, at most `max` characters; blank (or absent) becomes null. */
/**
 * "Invalid date" for a value that is not a date, but not for a missing one: an empty required date
 * keeps zod's own message, which the catalogue reads as "required" (`issueMessage`).
 */
const invalidDate = (issue: { input?: unknown }): string | undefined =>
  issue.input === undefined || issue.input === null ? undefined : 'validation.invalid_date';

/**
 * The sane window every date a user sends must fall in (the calendar day of the value as written):
 * years 0000 or 9999 are typing mistakes or probes, and beyond what the database and the PDFs
 * handle. Outside it: 422 `validation.date_range`. Fields add their own rules on top (a course
 * starts in the future, a small group's meeting is not in the future).
 */
export const DATE_WINDOW = { from: '1900-01-01', to: '2100-12-31' } as const;
const inDateWindow = (value: string): boolean => {
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(value)?.[1];
  // Not a date at all: the format check reports it, once.
  return day === undefined || (day >= DATE_WINDOW.from && day <= DATE_WINDOW.to);
};

/** A calendar date, `YYYY-MM-DD`, inside `DATE_WINDOW`. Every date field of a contract uses this. */
export const isoDate = () => z.iso.date({ error: invalidDate }).refine(inDateWindow, { message: 'validation.date_range' });
/** A point in time with its offset (`2027-01-07T09:00:00+01:00`), inside `DATE_WINDOW`. */
export const isoDateTime = () =>
  z.iso.datetime({ offset: true, error: invalidDate }).refine(inDateWindow, { message: 'validation.date_range' });

/** Bidirectional overrides, embeddings and isolates (U+202A-U+202E, U+2066-U+2069): they make a name read backwards ("fdp.exe"). */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** Characters that show nothing: zero-width space and joiners, direction marks, word joiner, BOM, soft hyphen, and the like. */
const INVISIBLE = new Set([0x00ad, 0x034f, 0x061c, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180e, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x3164, 0xfeff, 0xffa0]);
const isInvisible = (c: number) => INVISIBLE.has(c) || (c >= 0x200b && c <= 0x200f);

/** Whether a text has something a reader can see once invisible characters and spaces are gone. */
export const hasVisibleText = (value: string): boolean =>
  [...value].some((ch) => {
    const c = ch.codePointAt(0)!;
    return !isInvisible(c) && ch.trim() !== '';
  });

/**
 * Every user-written title and name (courses, petitions, jobs, products, media, companies, people,
 * co-authors, meeting topics): refuses bidirectional overrides (`validation.bidi_control`) and a
 * text made only of invisible characters (`validation.invisible_only`), whatever its length.
 */
export const readable = <T extends z.ZodString>(schema: T) =>
  withoutNationalId(
    schema
      .refine((v) => !BIDI_CONTROL.test(v), { message: 'validation.bidi_control' })
      .refine((v) => v === '' || hasVisibleText(v), { message: 'validation.invisible_only' }),
  );

/** An optional free text (guarded: the patient-data guard, guarded-text.ts); blank becomes null. */
export const optionalText = (max: number) =>
  withoutNationalId(z.string().trim().max(max))
    .nullish()
    .transform((v) => (v ? v : null));

/** An optional reference to a row (county, hospital, ...); absent becomes null. That the row exists is the API's check. */
export const refId = IdSchema.nullish().transform((v) => v ?? null);

/**
 * A Norwegian phone number (spec point 9: prefix +47): eight digits, the first 2-9, written with or
 * without +47 (or 0047), spaces or dashes; kept as `+4791234567`.
 */
export const PhoneSchema = z
  .string()
  .trim()
  .transform((v) => {
    const digits = v.replace(/[\s-]/g, '').replace(/^0047/, '+47');
    return /^\d{8}$/.test(digits) ? `+47${digits}` : digits;
  })
  .pipe(z.string().regex(/^\+47[2-9]\d{7}$/, { message: 'validation.phone' }));

/** An optional phone number by the same rule; blank (or absent) becomes null. */
export const optionalPhone = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(PhoneSchema.nullable());

export const PageMetaSchema = z.object({
  current_page: z.number().int().min(1),
  last_page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type PageMeta = z.infer<typeof PageMetaSchema>;

export const MAX_PER_PAGE = 50;
export const DEFAULT_PER_PAGE = 10;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** `{ data: T }` */
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });
/** `{ data: T[], meta }` */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: PageMetaSchema });
/** `{ data: T[] }` for short unpaged lists (reference data) */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

export function pageMeta(total: number, page: number, perPage: number): PageMeta {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

/** Courses and jobs: combined totals are rounded up to a multiple of 10 (spec point 9). */
export function roundTotalToTen(total: number): number {
  return Math.ceil(total / 10) * 10;
}

export const ForbiddenReasonSchema = z.enum([
  'account_in_review',
  'account_not_approved',
  'business_profile_active',
  'missing_permission',
  'not_health_personnel',
  'not_owner',
  'account_blocked',
]);
export type ForbiddenReason = z.infer<typeof ForbiddenReasonSchema>;

export const ErrorBodySchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  reason: ForbiddenReasonSchema.optional(),
  request_id: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const ValidationErrorBodySchema = z.object({
  status_code: z.literal(422).optional(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof ValidationErrorBodySchema>;
