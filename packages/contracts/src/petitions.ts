import { z } from 'zod';
import { dataOf, DEFAULT_PER_PAGE, digitsCount, IdParamSchema, IdSchema, isoDate, listOf, MAX_PER_PAGE, optionalText, PageQuerySchema, pageOf, refId, readable } from './common';
import { defineEndpoint } from './endpoint';
import { withoutNationalId } from './guarded-text';
import { VerifiedAsSchema } from './user';

/**
 * Petitions (issue 11, docs/petitions.md). Status on the wire is the effective one: an active
 * petition whose end date has passed is `finished` (decided when read, no cron).
 */
export const PETITION_STATUSES = ['draft', 'active', 'finished', 'closed'] as const;
export const PetitionStatusSchema = z.enum(PETITION_STATUSES);
export type PetitionStatus = z.infer<typeof PetitionStatusSchema>;

export const PETITION_VISIBILITIES = ['open', 'archived'] as const;
export const PetitionVisibilitySchema = z.enum(PETITION_VISIBILITIES);

/** The `petitionStatus` filter: an effective status, or `archived`. */
export const PETITION_STATUS_FILTERS = ['draft', 'active', 'finished', 'closed', 'archived'] as const;
export const PetitionStatusFilterSchema = z.enum(PETITION_STATUS_FILTERS);
export type PetitionStatusFilter = z.infer<typeof PetitionStatusFilterSchema>;

export const SIGNER_PROFESSIONS = ['doctor', 'student', 'other'] as const;
export const SignerProfessionSchema = z.enum(SIGNER_PROFESSIONS);
export type SignerProfession = z.infer<typeof SignerProfessionSchema>;

export const MAX_PETITION_SPECIALTIES = 10;
export const MAX_PETITION_ATTACHMENTS = 10;
/** Bytes per attachment. */
export const MAX_PETITION_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Statistics groups smaller than this are shown as "fewer than 5". */
export const PETITION_STATS_MIN_GROUP = 5;

const PetitionDateSchema = isoDate();

/** `petitionSpecialties`: one id, repeated ids, or a comma-separated list. */
const IdListSchema = z.preprocess((v) => {
  if (v === undefined || v === '') return undefined;
  const list = Array.isArray(v) ? v : [v];
  return list.flatMap((x) => (typeof x === 'string' ? x.split(',').filter((s) => s !== '') : [x]));
}, z.array(IdSchema).max(MAX_PETITION_SPECIALTIES).optional());

export const PetitionListQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  petitionSpecialties: IdListSchema,
  petitionStatus: PetitionStatusFilterSchema.optional(),
});
export type PetitionListQuery = z.infer<typeof PetitionListQuerySchema>;

const PetitionFields = {
  title: readable(z.string().trim().min(3).max(200)),
  summary: withoutNationalId(z.string().trim().max(1000)),
  full_text: withoutNationalId(z.string().trim().max(20_000)),
  category_id: refId,
  specialty_ids: z.array(IdSchema).max(MAX_PETITION_SPECIALTIES),
  end_date: PetitionDateSchema.nullish().transform((v) => v ?? null),
  signature_goal: z.number().int().positive().max(10_000_000).nullish().transform((v) => v ?? null),
  recipient: withoutNationalId(z.string().trim().max(300)),
  post_on_my_page: z.boolean(),
};

/** A new petition is a draft; only the title is needed until it is published. */
export const PetitionCreateInput = z.object({
  ...PetitionFields,
  summary: PetitionFields.summary.default(''),
  full_text: PetitionFields.full_text.default(''),
  specialty_ids: PetitionFields.specialty_ids.default([]),
  recipient: PetitionFields.recipient.default(''),
  post_on_my_page: PetitionFields.post_on_my_page.default(false),
});
export type PetitionCreateInput = z.infer<typeof PetitionCreateInput>;
export type PetitionFormValues = z.input<typeof PetitionCreateInput>;

/**
 * Changes: any field, and the transitions: `visibility: open` publishes a draft, `status: closed`
 * closes an active petition early, `visibility: archived` archives a published one.
 */
export const PetitionUpdateInput = z
  .object({
    ...PetitionFields,
    visibility: PetitionVisibilitySchema,
    status: z.literal('closed'),
  })
  .partial();
export type PetitionUpdateInput = z.infer<typeof PetitionUpdateInput>;

const RefSchema = z.object({ id: z.number().int(), name: z.string() });
const PersonSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), avatar: z.string().nullable() });

export const PetitionCoAuthorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string().nullable(),
  /** The linked account, when there is one. */
  user: PersonSchema.omit({ avatar: true }).nullable(),
  /** An author with an account is shown on the petition only once they accept. */
  accepted: z.boolean(),
});
export type PetitionCoAuthor = z.infer<typeof PetitionCoAuthorSchema>;

export const PetitionAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  /** A signed, expiring members' link (`/api/files/<key>?expires=…&signature=…`); null for anonymous viewers. */
  url: z.string().nullable(),
  created_at: z.string(),
});
export type PetitionAttachment = z.infer<typeof PetitionAttachmentSchema>;

export const PetitionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  category: RefSchema.nullable(),
  specialties: z.array(RefSchema),
  end_date: z.string().nullable(),
  /** Whole days until the end date (0 on the last day), null without an end date or once ended. */
  days_left: z.number().int().nullable(),
  status: PetitionStatusSchema,
  visibility: PetitionVisibilitySchema,
  is_archived: z.boolean(),
  initiator: PersonSchema,
  signatures_count: z.number().int(),
  signature_goal: z.number().int().nullable(),
  recipient: z.string(),
  signed: z.boolean(),
  bookmarked: z.boolean(),
  /** Owner, or an accepted co-author with an account. */
  can_edit: z.boolean(),
  is_owner: z.boolean(),
  /** The viewer is invited as co-author and has not accepted yet. */
  invitation_pending: z.boolean(),
  /** Signed at least once: title, summary and text are locked. */
  text_locked: z.boolean(),
  post_on_my_page: z.boolean(),
  published_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
});
export type Petition = z.infer<typeof PetitionSchema>;

/** One statistics group; `count` is null when fewer than 5 signers are in it. */
export const PetitionStatGroupSchema = z.object({ key: z.string(), name: z.string(), count: z.number().int().nullable() });
export type PetitionStatGroup = z.infer<typeof PetitionStatGroupSchema>;

export const PetitionStatisticsSchema = z.object({
  by_profession: z.array(PetitionStatGroupSchema),
  by_specialty: z.array(PetitionStatGroupSchema),
  by_county: z.array(PetitionStatGroupSchema),
  /** Signatures per day (Oslo calendar days), days without signatures left out. */
  daily: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type PetitionStatistics = z.infer<typeof PetitionStatisticsSchema>;

export const PetitionDetailSchema = PetitionSchema.extend({
  full_text: z.string(),
  co_authors: z.array(PetitionCoAuthorSchema),
  attachments: z.array(PetitionAttachmentSchema),
  statistics: PetitionStatisticsSchema,
  /** The delivered snapshot: the count at a tree size of the signature log (a signed checkpoint). */
  delivered: z.object({ at: z.string(), count: z.number().int(), tree_size: z.number().int().nullable() }).nullable(),
  /** When the shown count was last added up (the counter job, about every second). */
  counted_at: z.string().nullable().optional(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
});
export type PetitionDetail = z.infer<typeof PetitionDetailSchema>;

export const SimilarPetitionsQuerySchema = z.object({ title: z.string().trim().min(3).max(200) });
export const SimilarPetitionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: PetitionStatusSchema,
  signatures_count: z.number().int(),
});

export const SignInput = z.object({ anonymous: z.boolean().default(false) });
export type SignInput = z.infer<typeof SignInput>;

export const PetitionSignerSchema = z.object({
  name: z.string(),
  slug: z.string().nullable(),
  profession: SignerProfessionSchema,
  /** The signer's trust badge today (`VerifiedAs`, as on post authors and people lists). */
  verified_as: VerifiedAsSchema,
  signed_at: z.string(),
});
export type PetitionSigner = z.infer<typeof PetitionSignerSchema>;

/**
 * The signer list is read by keyset, not by page number, so the 5 000th page costs what the first
 * does: `cursor` is the previous page's `meta.next_cursor` (opaque; it names the last signature shown).
 */
export const encodeSignerCursor = (signatureId: number): string => btoa(`s${signatureId}`).replace(/=+$/, '');
export function decodeSignerCursor(raw: string): number | null {
  let text: string;
  try {
    text = atob(raw);
  } catch {
    return null;
  }
  const m = /^s([1-9]\d{0,9})$/.exec(text);
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

export const SignerPageQuerySchema = z.object({
  cursor: z
    .string()
    .max(40)
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const id = decodeSignerCursor(v);
      if (id === null) {
        ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
        return z.NEVER;
      }
      return id;
    }),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
});
export type SignerPageQuery = z.infer<typeof SignerPageQuerySchema>;

export const SignerPageSchema = z.object({
  data: z.array(PetitionSignerSchema),
  meta: z.object({ next_cursor: z.string().nullable(), per_page: z.number().int() }),
});
export type SignerPage = z.infer<typeof SignerPageSchema>;

/** One entry of the signature log, as its leaf hashes it (docs/petitions.md, "The signature log"). */
export const PetitionLogEntrySchema = z.object({
  petition_id: z.number().int(),
  action: z.enum(['sign', 'withdraw']),
  /** Hex SHA-256 of `<salt>:<sha256("petition:<id>:user:<account>")>`: names nobody without the salt. */
  signer: z.string(),
  created_at: z.string(),
  /** Hex `SHA-256(0x00 || entry text)`. */
  leaf_hash: z.string(),
});
export type PetitionLogEntry = z.infer<typeof PetitionLogEntrySchema>;

/** A signed tree head of the log: `text` is what the Ed25519 signature (base64) covers. */
export const PetitionLogCheckpointSchema = z.object({
  tree_size: z.number().int(),
  /** Hex. */
  root_hash: z.string(),
  created_at: z.string(),
  key_id: z.string(),
  signature: z.string(),
  text: z.string(),
});
export type PetitionLogCheckpoint = z.infer<typeof PetitionLogCheckpointSchema>;

/** The log's promise to include an entry: its signature (base64) over `text` (the leaf hash and the time). */
export const PetitionLogPromiseSchema = z.object({ key_id: z.string(), signature: z.string(), text: z.string() });

/** The signer's proof: the entry, its salt, the signed promise and, once sequenced, the inclusion proof. */
export const SignatureReceiptSchema = z.object({
  petition_id: z.number().int(),
  signed_at: z.string(),
  anonymous: z.boolean(),
  /** The count as last added up (lags the signing by up to ~2 s; the signer's own signature is in `entry`). */
  signatures_count: z.number().int(),
  entry: PetitionLogEntrySchema,
  salt: z.string(),
  promise: PetitionLogPromiseSchema,
  /** Null until the sequencer has taken the entry (within a second). */
  leaf_index: z.number().int().nullable(),
  inclusion_proof: z.array(z.string()).nullable(),
  checkpoint: PetitionLogCheckpointSchema.nullable(),
  /** The log's public key (base64 of the raw 32 bytes). */
  public_key: z.string(),
});
export type SignatureReceipt = z.infer<typeof SignatureReceiptSchema>;

/** A petition's entries checked against the latest checkpoint (one batched proof, not a walk of the log). */
export const ChainVerificationSchema = z.object({
  intact: z.boolean(),
  /** The petition's entries in the checkpoint (signatures and withdrawals). */
  length: z.number().int(),
  /** The first of them (leaf index) whose entry does not hash to the stored leaf, or null. */
  broken_at: z.number().int().nullable(),
  checkpoint: PetitionLogCheckpointSchema.nullable(),
  /** The checkpoint's signature verifies with the log's key. */
  signature_valid: z.boolean(),
  /** Signs minus withdrawals in the checkpoint equal the counted signatures (same cut). */
  count_matches: z.boolean(),
  signatures_count: z.number().int(),
  /** Entries of this petition still waiting for the next checkpoint. */
  pending: z.number().int(),
});
export type ChainVerification = z.infer<typeof ChainVerificationSchema>;

export const ManualAuthorInput = z.object({
  name: readable(z.string().trim().min(2).max(200)),
  title: optionalText(200),
  /** An account to invite as co-author; they must accept before being shown. */
  user_id: refId,
});
export type ManualAuthorInput = z.infer<typeof ManualAuthorInput>;

export const AnswerInput = z.object({ answer: withoutNationalId(z.string().trim().min(1).max(20_000)) });

export const PetitionExportQuerySchema = z.object({ format: z.enum(['pdf', 'csv', 'xlsx']) });
export type PetitionExportFormat = z.infer<typeof PetitionExportQuerySchema>['format'];

export const PressReleaseSchema = z.object({
  subject: z.string(),
  body: z.string(),
  contact: z.string(),
  co_author_ids: z.array(z.number().int()),
  sent: z.array(z.object({ id: z.number().int(), subject: z.string(), recipients: z.array(z.string()), sent_at: z.string() })),
});
export type PressRelease = z.infer<typeof PressReleaseSchema>;

export const PressReleaseInput = z.object({
  subject: readable(z.string().trim().min(3).max(200)),
  body: withoutNationalId(z.string().trim().min(10).max(20_000)),
  contact: withoutNationalId(z.string().trim().max(300)).default(''),
  co_author_ids: z.array(IdSchema).max(50).default([]),
  recipients: z.array(z.email({ message: 'validation.email' }).max(254)).min(1).max(20),
});
export type PressReleaseInput = z.infer<typeof PressReleaseInput>;

const ManualAuthorParamSchema = z.object({ id: IdSchema, authorId: IdSchema });
const AttachmentParamSchema = z.object({ id: IdSchema, attachmentId: IdSchema });

export const petitionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/petitions',
    summary: 'Published petitions (archived ones with petitionStatus=archived), newest first',
    access: 'member',
    query: PetitionListQuerySchema,
    response: pageOf(PetitionSchema),
  }),
  similar: defineEndpoint({
    method: 'GET',
    path: '/petitions/similar',
    summary: 'Published petitions with a similar title (trigram similarity), for the create form',
    access: 'member',
    query: SimilarPetitionsQuerySchema,
    response: listOf(SimilarPetitionSchema),
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/my/petitions',
    summary: 'Own petitions and those co-authored (accepted); petitionStatus picks drafts, archived ...',
    access: 'member',
    personal: true,
    query: PetitionListQuerySchema,
    response: pageOf(PetitionSchema),
  }),
  bookmarked: defineEndpoint({
    method: 'GET',
    path: '/my/bookmarked-petitions',
    summary: 'Petitions I bookmarked, newest bookmark first',
    access: 'member',
    personal: true,
    query: PetitionListQuerySchema,
    response: pageOf(PetitionSchema),
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/petitions/:id',
    summary: 'One petition with co-authors, attachments and statistics (a draft only to its authors)',
    access: 'public',
    params: IdParamSchema,
    response: dataOf(PetitionDetailSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/my/petitions',
    summary: 'Start a petition (a draft)',
    access: 'member',
    personal: true,
    body: PetitionCreateInput,
    response: dataOf(PetitionDetailSchema),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/my/petitions/:id',
    summary: 'Change an own petition; publish (visibility open), close (status closed) or archive (visibility archived)',
    access: 'member',
    personal: true,
    params: IdParamSchema,
    body: PetitionUpdateInput,
    response: dataOf(PetitionDetailSchema),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/my/petitions/:id',
    summary: 'Delete an own draft (a published petition is archived instead)',
    access: 'member',
    personal: true,
    params: IdParamSchema,
    response: null,
  }),
  deliver: defineEndpoint({
    method: 'POST',
    path: '/my/petitions/:id/deliver',
    summary: 'Record the delivery to the recipient: freezes the count and signer list',
    access: 'member',
    personal: true,
    params: IdParamSchema,
    response: dataOf(PetitionDetailSchema),
  }),
  answer: defineEndpoint({
    method: 'POST',
    path: '/my/petitions/:id/answer',
    summary: "Publish the recipient's answer; every signer is notified",
    access: 'member',
    personal: true,
    params: IdParamSchema,
    body: AnswerInput,
    response: dataOf(PetitionDetailSchema),
  }),
  manualAuthors: defineEndpoint({
    method: 'GET',
    path: '/my/petitions/:id/manual-authors',
    summary: 'Co-authors of an own petition, accepted or invited',
    access: 'member',
    personal: true,
    params: IdParamSchema,
    response: listOf(PetitionCoAuthorSchema),
  }),
  addManualAuthor: defineEndpoint({
    method: 'POST',
    path: '/my/petitions/:id/manual-authors',
    summary: 'Add a co-author (an account named is invited and must accept)',
    access: 'member',
    personal: true,
    params: IdParamSchema,
    body: ManualAuthorInput,
    response: dataOf(PetitionCoAuthorSchema),
    status: 201,
  }),
  removeManualAuthor: defineEndpoint({
    method: 'DELETE',
    path: '/my/petitions/:id/manual-authors/:authorId',
    summary:
      'Remove a co-author: the initiator, until the first signature; a co-author with an account removes themselves (leaves, or declines the invitation) at any time',
    access: 'member',
    personal: true,
    params: ManualAuthorParamSchema,
    response: null,
  }),
  acceptCoAuthorship: defineEndpoint({
    method: 'POST',
    path: '/petitions/:id/co-authorship',
    summary: 'Accept the invitation to co-author a petition',
    access: 'member',
    personal: true,
    params: IdParamSchema,
    response: dataOf(PetitionCoAuthorSchema),
  }),
  attachments: defineEndpoint({
    method: 'GET',
    path: '/my/petitions/:id/attachments',
    summary: 'PDF attachments of an own petition',
    access: 'member',
    personal: true,
    params: IdParamSchema,
    response: listOf(PetitionAttachmentSchema),
  }),
  addAttachments: defineEndpoint({
    method: 'POST',
    path: '/my/petitions/:id/attachments',
    summary: 'Attach PDFs (multipart `pdf_files[]`; PDF by content, at most 10 per petition)',
    access: 'member',
    personal: true,
    params: IdParamSchema,
    multipart: true,
    body: z.object({ 'pdf_files[]': z.string().meta({ format: 'binary', description: 'PDF files' }) }),
    response: listOf(PetitionAttachmentSchema),
    status: 201,
  }),
  removeAttachment: defineEndpoint({
    method: 'DELETE',
    path: '/my/petitions/:id/attachments/:attachmentId',
    summary: 'Remove an attachment of an own petition',
    access: 'member',
    personal: true,
    params: AttachmentParamSchema,
    response: null,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/my/petitions/:id/export',
    summary: 'Stream the signature list as PDF, CSV or XLSX (a file download)',
    access: 'member',
    personal: true,
    params: IdParamSchema,
    query: PetitionExportQuerySchema,
    response: null,
    status: 200,
  }),
  pressRelease: defineEndpoint({
    method: 'GET',
    path: '/my/petitions/:id/press-release',
    summary: 'A press release built from the petition, to edit before sending, and those sent',
    access: 'member',
    personal: true,
    params: IdParamSchema,
    response: dataOf(PressReleaseSchema),
  }),
  sendPressRelease: defineEndpoint({
    method: 'POST',
    path: '/my/petitions/:id/press-release',
    summary: 'Send the press release by e-mail (text and PDF) and record it',
    access: 'member',
    personal: true,
    params: IdParamSchema,
    body: PressReleaseInput,
    response: dataOf(PressReleaseSchema),
    status: 201,
  }),
  signatures: defineEndpoint({
    method: 'GET',
    path: '/petitions/:id/signatures',
    summary:
      'Signers shown by name (anonymous signers are only counted), in signing order (keyset: cursor, per_page); public: visitors get the names without profile links',
    access: 'public',
    params: IdParamSchema,
    query: SignerPageQuerySchema,
    response: SignerPageSchema,
  }),
  sign: defineEndpoint({
    method: 'POST',
    path: '/petitions/:id/signatures',
    summary: 'Sign an active petition (confirmed health personnel only); answers the entry and the signed promise',
    access: 'member',
    personal: true,
    healthPersonnel: 'confirmed',
    params: IdParamSchema,
    body: SignInput,
    response: dataOf(SignatureReceiptSchema),
    status: 201,
  }),
  withdraw: defineEndpoint({
    method: 'DELETE',
    path: '/petitions/:id/signatures',
    summary: 'Withdraw my signature while the petition is active (an entry of the signature log)',
    access: 'member',
    personal: true,
    params: IdParamSchema,
    response: null,
  }),
  receipt: defineEndpoint({
    method: 'GET',
    path: '/petitions/:id/signatures/receipt',
    summary: 'My signature receipt: the log entry, its salt, the promise, the inclusion proof and checkpoint',
    access: 'member',
    personal: true,
    params: IdParamSchema,
    response: dataOf(SignatureReceiptSchema),
  }),
  verify: defineEndpoint({
    method: 'GET',
    path: '/petitions/:id/signatures/verify',
    summary: "Check the petition's entries of the signature log against the latest signed checkpoint",
    access: 'public',
    params: IdParamSchema,
    response: dataOf(ChainVerificationSchema),
  }),
  bookmark: defineEndpoint({
    method: 'POST',
    path: '/petitions/:id/bookmark',
    summary: 'Bookmark a petition',
    access: 'member',
    personal: true,
    params: IdParamSchema,
    response: null,
  }),
  unbookmark: defineEndpoint({
    method: 'DELETE',
    path: '/petitions/:id/bookmark',
    summary: 'Remove my bookmark',
    access: 'member',
    personal: true,
    params: IdParamSchema,
    response: null,
  }),
} as const;

const TreeSize = digitsCount();

/** The public signature log (docs/petitions.md): anyone may check that it only grows. */
export const petitionLogEndpoints = {
  checkpoint: defineEndpoint({
    method: 'GET',
    path: '/petition-log/checkpoint',
    summary: 'The latest signed checkpoint of the signature log',
    access: 'public',
    response: dataOf(PetitionLogCheckpointSchema),
  }),
  key: defineEndpoint({
    method: 'GET',
    path: '/petition-log/key',
    summary: "The log's Ed25519 public key (raw, base64, and PEM) and its key id",
    access: 'public',
    response: dataOf(z.object({ key_id: z.string(), public_key: z.string(), pem: z.string() })),
  }),
  consistency: defineEndpoint({
    method: 'GET',
    path: '/petition-log/consistency',
    summary: 'A consistency proof between two tree sizes (RFC 9162 2.1.4)',
    access: 'public',
    query: z.object({ from: TreeSize, to: TreeSize }),
    response: dataOf(z.object({ from: z.number().int(), to: z.number().int(), from_root: z.string(), to_root: z.string(), proof: z.array(z.string()) })),
  }),
  proof: defineEndpoint({
    method: 'GET',
    path: '/petition-log/proof',
    summary: 'An inclusion proof of a leaf in the tree of a size (RFC 9162 2.1.3)',
    access: 'public',
    query: z.object({ leaf: TreeSize, size: TreeSize }),
    response: dataOf(z.object({ leaf_index: z.number().int(), tree_size: z.number().int(), leaf_hash: z.string(), root_hash: z.string(), proof: z.array(z.string()) })),
  }),
  reconcile: defineEndpoint({
    method: 'POST',
    path: '/admin/petition-counts/reconcile',
    summary: 'Recount every petition from the signature log and correct (and log) any drift',
    access: 'admin',
    response: dataOf(z.object({ corrections: z.number().int(), petitions: z.number().int() })),
  }),
} as const;
