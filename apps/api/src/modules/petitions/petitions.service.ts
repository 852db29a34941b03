import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type Locale,
  type ManualAuthorInput,
  MAX_PETITION_ATTACHMENTS,
  type MessageKey,
  type Petition,
  type PetitionCreateInput,
  type PetitionDetail,
  type PetitionExportFormat,
  type PetitionListQuery,
  type PetitionUpdateInput,
  type PressReleaseInput,
  encodeSignerCursor,
  type SignerPage,
  type SignerPageQuery,
  osloToday,
  pageMeta,
} from '@legenett/contracts';
import { isCallerInPersonOrActing, isSelf } from '../../common/access';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { FilesService } from '../../common/files/files.service';
import { ListCounts, readKeyset, readPage } from '../../common/lists';
import { Storage } from '../../common/storage/storage';
import { UnitOfWork } from '../../database/unit-of-work';
import { AlertTrigger } from '../alerts';
import { NotificationPublisher } from '../notifications';
import { ReferenceChecks } from '../reference';
import { EXPORT_TYPES, PetitionExportService } from './petition-export.service';
import { PetitionPressService } from './petition-press.service';
import { presentStatistics } from './petition-statistics';
import { PetitionLogRepository } from './petition-log.repository';
import { PetitionLogService } from './petition-log.service';
import { PetitionSignaturesService } from './petition-signatures.service';
import { PetitionStatsCache } from './petition-stats-cache';
import { conflict, effectiveStatus, requireInitiator, type Status, TRANSITIONS, transitionOf } from './petition.rules';
import { type PetitionFilters, type PetitionRow, PetitionsRepository, type PetitionWrite } from './petitions.repository';

const invalid = (fields: Record<string, MessageKey[]>) => new AppError('VALIDATION', { fields });

const newSlug = () =>
  `p-${randomBytes(9)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}${Date.now().toString(36)}`;

/** Whole days from `today` to `day` (both Oslo calendar days). */
function daysBetween(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

@Injectable()
export class PetitionsService {
  private readonly stats = new PetitionStatsCache<Awaited<ReturnType<PetitionsRepository['statistics']>>>();

  constructor(
    private readonly repository: PetitionsRepository,
    private readonly references: ReferenceChecks,
    private readonly counts: ListCounts,
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationPublisher,
    private readonly files: FilesService,
    private readonly storage: Storage,
    private readonly exports: PetitionExportService,
    private readonly press: PetitionPressService,
    private readonly signatures: PetitionSignaturesService,
    private readonly log: PetitionLogService,
    private readonly logEntries: PetitionLogRepository,
    private readonly alerts: AlertTrigger,
  ) {}

  private static filters(q: PetitionListQuery): PetitionFilters {
    return { search: q.search || undefined, specialties: q.petitionSpecialties, status: q.petitionStatus };
  }

  private async present(rows: PetitionRow[], locale: Locale, today: string): Promise<Petition[]> {
    const specialties = await this.repository.specialtiesOf(
      rows.map((r) => r.id),
      locale,
    );
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      summary: r.summary,
      category: r.category,
      specialties: specialties.get(r.id) ?? [],
      end_date: r.end_date,
      days_left: r.status === 'active' && r.end_date ? daysBetween(today, r.end_date) : null,
      status: r.status,
      visibility: r.visibility,
      is_archived: r.visibility === 'archived',
      initiator: { ...r.initiator, avatar: this.storage.publicUrl(r.initiator.avatar) },
      signatures_count: r.signatures_count,
      signature_goal: r.signature_goal,
      recipient: r.recipient,
      signed: r.signed,
      bookmarked: r.bookmarked,
      can_edit: r.can_edit,
      is_owner: r.is_initiator,
      invitation_pending: r.invited,
      text_locked: r.log_length > 0,
      post_on_my_page: r.post_on_my_page,
      published_at: r.published_at?.toISOString() ?? null,
      closed_at: r.closed_at?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
    }));
  }

  // ---------- lists ----------

  async list(me: Principal, q: PetitionListQuery, locale: Locale) {
    const today = osloToday();
    const filters = PetitionsService.filters(q);
    // Drafts are never in the public list: an empty page, its meta as every list's.
    if (filters.status === 'draft') return { data: [], meta: pageMeta(0, q.page, q.per_page) };
    const page = await readPage(q, {
      count: () =>
        this.counts.cached('petitions.published', ['petitions'], { ...filters, today }, () => this.repository.countPublished(filters, today)),
      read: (slice) => this.repository.slicePublished(filters, today, me.userId, locale, slice),
      fromEnd: true,
    });
    return { data: await this.present(page.rows, locale, today), meta: page.meta };
  }

  async mine(me: Principal, q: PetitionListQuery, locale: Locale) {
    const today = osloToday();
    const page = await readPage(q, this.repository.mine(me.userId, PetitionsService.filters(q), today, locale));
    return { data: await this.present(page.rows, locale, today), meta: page.meta };
  }

  async bookmarked(me: Principal, q: PetitionListQuery, locale: Locale) {
    const today = osloToday();
    const page = await readPage(q, this.repository.bookmarked(me.userId, PetitionsService.filters(q), today, locale));
    return { data: await this.present(page.rows, locale, today), meta: page.meta };
  }

  async similar(title: string) {
    return { data: await this.repository.similar(title, osloToday()) };
  }

  // ---------- detail ----------

  /**
   * The row when the viewer may see it: published, or a draft of which they are an author or an
   * invited co-author (who reads it to decide; editing waits for the acceptance); else 404.
   */
  private async visible(id: number, viewerId: number, locale: Locale, today: string): Promise<PetitionRow> {
    const row = await this.repository.find(id, today, viewerId, locale);
    if (!row || (row.status === 'draft' && !row.can_edit && !row.invited)) throw AppError.notFound();
    return row;
  }

  /** An own (or co-authored, accepted) petition; 404 for anyone else, whatever its state. */
  private async authored(me: Principal, id: number, locale: Locale, today: string): Promise<PetitionRow> {
    const row = await this.repository.find(id, today, me.userId, locale);
    if (!row || !row.can_edit) throw AppError.notFound();
    return row;
  }

  private async detail(row: PetitionRow, viewerId: number, locale: Locale, today: string): Promise<{ data: PetitionDetail }> {
    const [[petition], coAuthors, attachments, stats] = await Promise.all([
      this.present([row], locale, today),
      this.repository.coAuthors(row.id),
      this.repository.attachments(row.id),
      this.stats.get(row.id, row.log_length, locale, () => this.repository.statistics(row.id, locale)),
    ]);
    return {
      data: {
        ...petition!,
        full_text: row.full_text,
        // Others see the co-authors who accepted (or have no account); the authors see the invited too.
        co_authors: coAuthors
          .filter((a) => row.can_edit || a.user_id === null || a.accepted_at !== null)
          .map((a) => ({ id: a.id, name: a.name, title: a.title, user: a.user, accepted: a.user_id === null || a.accepted_at !== null })),
        attachments: attachments.map((a) => ({
          id: a.id,
          name: a.name ?? 'vedlegg.pdf',
          size: a.size ?? 0,
          // A members-only kind: a signed link for members, none for anonymous viewers.
          url: viewerId > 0 ? this.files.memberUrl(a.key) : null,
          created_at: a.created_at.toISOString(),
        })),
        statistics: presentStatistics(stats, locale),
        delivered: row.delivered_at ? { at: row.delivered_at.toISOString(), count: row.delivered_count ?? 0, tree_size: row.delivered_tree_size } : null,
        answer: row.answer,
        answered_at: row.answered_at?.toISOString() ?? null,
      },
    };
  }

  async show(me: Principal | null, id: number, locale: Locale) {
    const today = osloToday();
    const viewerId = me?.userId ?? 0;
    return this.detail(await this.visible(id, viewerId, locale, today), viewerId, locale, today);
  }

  private async authoredDetail(me: Principal, id: number, locale: Locale) {
    const today = osloToday();
    return this.detail(await this.authored(me, id, locale, today), me.userId, locale, today);
  }

  // ---------- owners ----------

  private async checkReferences(input: { category_id?: number | null; specialty_ids?: number[] }): Promise<Record<string, MessageKey[]>> {
    return this.references.unknown([
      ['category_id', 'petitionCategories', input.category_id ?? null],
      ['specialty_ids', 'specialties', input.specialty_ids ?? null],
    ]);
  }

  async create(me: Principal, input: PetitionCreateInput, locale: Locale) {
    const fields = await this.checkReferences(input);
    if (input.end_date !== null && input.end_date <= osloToday()) fields.end_date = ['petitions.errors.end_date_future'];
    if (Object.keys(fields).length > 0) throw invalid(fields);
    const { specialty_ids, ...rest } = input;
    const id = await this.repository.insert(me.userId, rest, specialty_ids);
    return this.authoredDetail(me, id, locale);
  }

  async update(me: Principal, id: number, input: PetitionUpdateInput, locale: Locale) {
    const today = osloToday();
    // Ownership first: someone else's petition is a 404 even with bad input.
    const row = await this.authored(me, id, locale, today);
    // Co-authors edit the text and details; publishing, closing and archiving are the initiator's.
    if (transitionOf(input) !== null) requireInitiator(row);
    const fields = await this.checkReferences(input);
    if (input.end_date && input.end_date <= today) fields.end_date = ['petitions.errors.end_date_future'];
    if (Object.keys(fields).length > 0) throw invalid(fields);

    await this.uow.run(async (tx) => {
      const state = (await this.repository.lockState(id, tx))!;
      const effective: Status = effectiveStatus(state, today);
      const textChanges = (['title', 'summary', 'full_text'] as const).filter((k) => input[k] !== undefined && input[k] !== state[k]);
      // Nobody's signature may end up under words they did not sign. Under the row lock (FOR UPDATE),
      // which waits for the signatures in flight (they hold FOR KEY SHARE): the log is exact here.
      if (textChanges.length > 0 && (await this.logEntries.hasEntries(id, tx))) throw conflict('petitions.errors.text_locked');

      const { specialty_ids, visibility: _v, status: _s, ...changes } = input;
      const write: PetitionWrite = { ...changes };
      const transition = transitionOf(input);
      if (transition === 'publish' && state.visibility === 'open' && state.status !== 'draft') {
        // Already published: "open" again changes nothing.
      } else if (transition !== null) {
        const rule = TRANSITIONS[transition];
        if (state.visibility === 'archived' || !(rule.from as readonly Status[]).includes(effective)) {
          throw conflict('petitions.errors.transition');
        }
        Object.assign(write, rule.to);
        const now = new Date();
        if (transition === 'publish') {
          const next = { ...state, ...changes };
          const missing: Record<string, MessageKey[]> = {};
          for (const k of ['title', 'summary', 'full_text'] as const) if (!next[k]?.trim()) missing[k] = ['petitions.errors.required_to_publish'];
          if (!next.end_date) missing.end_date = ['petitions.errors.required_to_publish'];
          else if (next.end_date <= today) missing.end_date = ['petitions.errors.end_date_future'];
          if (Object.keys(missing).length > 0) throw invalid(missing);
          write.published_at = now;
        }
        if (transition === 'close') write.closed_at = now;
        if (transition === 'archive') write.archived_at = now;
      }
      await this.repository.update(id, write, specialty_ids, tx);
      if (transition === 'publish' && write.published_at) await this.alerts.itemAppeared(tx, 'petition', id);
      if (transition === 'publish' && write.published_at && (input.post_on_my_page ?? state.post_on_my_page)) {
        // The owner's feed links the petition; `POST /posts/{id}/share` shares it further.
        await this.repository.insertPetitionPost(state.user_id, id, newSlug(), input.summary ?? state.summary, tx);
      }
    });
    return this.authoredDetail(me, id, locale);
  }

  async remove(me: Principal, id: number): Promise<void> {
    const today = osloToday();
    const row = await this.repository.find(id, today, me.userId, 'no');
    // Only the initiator deletes; co-authors edit.
    if (!row || !row.can_edit) throw AppError.notFound();
    requireInitiator(row);
    if (row.status !== 'draft') throw conflict('petitions.errors.only_drafts_deleted');
    const files = await this.uow.run((tx) => this.repository.deleteDraft(id, tx));
    await this.files.remove(files);
  }

  async deliver(me: Principal, id: number, locale: Locale) {
    const row = await this.authored(me, id, locale, osloToday());
    if (row.status === 'draft') throw conflict('petitions.errors.not_published');
    if (row.delivered_at) throw conflict('petitions.errors.already_delivered');
    await this.uow.run(async (tx) => {
      // The cut: with the row FOR UPDATE no signature of this petition is in flight or can start, so
      // the checkpoint the sequencer signs now holds exactly the delivered entries.
      const state = (await this.repository.lockState(id, tx))!;
      if (state.delivered_at) throw conflict('petitions.errors.already_delivered');
      const checkpoint = await this.log.flush();
      const size = checkpoint?.tree_size ?? 0;
      await this.repository.deliver(id, await this.logEntries.countAt(id, size, tx), size, tx);
    });
    return this.authoredDetail(me, id, locale);
  }

  /** Publishes the recipient's answer and notifies every signer (one outbox job per signer, in batches). */
  async answer(me: Principal, id: number, answer: string, locale: Locale) {
    const row = await this.authored(me, id, locale, osloToday());
    if (row.status === 'draft') throw conflict('petitions.errors.not_published');
    await this.uow.run(async (tx) => {
      await this.repository.setAnswer(id, answer, tx);
      let after = 0;
      for (;;) {
        const batch = await this.repository.signerIds(id, after, tx);
        if (batch.length === 0) break;
        await this.notifications.publish(
          tx,
          batch.map((s) => ({
            user_id: s.user_id,
            kind: 'petition_answer' as const,
            actor_user_id: me.userId,
            partner_company_id: null,
            entity_type: 'petition',
            entity_id: id,
            data: { title: row.title },
          })),
        );
        after = batch[batch.length - 1]!.id;
      }
    });
    return this.authoredDetail(me, id, locale);
  }

  /** The signature list as a file, for the initiator (the export names every signer). */
  async export(me: Principal, id: number, format: PetitionExportFormat, locale: Locale) {
    const today = osloToday();
    const row = await this.authored(me, id, locale, today);
    requireInitiator(row);
    const { data: petition } = await this.detail(row, me.userId, locale, today);
    const stream = this.exports.stream(format, petition, locale);
    return { stream, type: EXPORT_TYPES[format], filename: `petition-${id}-signatures.${format}` };
  }

  /** The press release preview, for the authors (co-authors may read it). */
  async pressRelease(me: Principal, id: number, locale: Locale) {
    const today = osloToday();
    const { data } = await this.detail(await this.authored(me, id, locale, today), me.userId, locale, today);
    return { data: await this.press.preview(data, locale) };
  }

  /** Sending it is the initiator's. */
  async sendPressRelease(me: Principal, id: number, input: PressReleaseInput, locale: Locale) {
    const today = osloToday();
    const row = await this.authored(me, id, locale, today);
    requireInitiator(row);
    const { data } = await this.detail(row, me.userId, locale, today);
    return { data: await this.press.send(me, data, input, locale) };
  }

  // ---------- co-authors ----------

  private presentCoAuthor(a: Awaited<ReturnType<PetitionsRepository['coAuthors']>>[number]) {
    return { id: a.id, name: a.name, title: a.title, user: a.user, accepted: a.user_id === null || a.accepted_at !== null };
  }

  async manualAuthors(me: Principal, id: number) {
    await this.authored(me, id, 'no', osloToday());
    return { data: (await this.repository.coAuthors(id)).map((a) => this.presentCoAuthor(a)) };
  }

  /** The author list is the initiator's: co-authors see it, and may leave it, but invite nobody (403 not_owner). */
  async addManualAuthor(me: Principal, id: number, input: ManualAuthorInput) {
    const row = await this.authored(me, id, 'no', osloToday());
    requireInitiator(row);
    // The initiator (the caller, after requireInitiator) is no co-author of their own petition.
    if (input.user_id !== null && (isSelf(me, input.user_id) || !(await this.repository.userExists(input.user_id)))) {
      throw invalid({ user_id: ['petitions.errors.unknown_co_author'] });
    }
    const authorId = await this.uow.run(async (tx) => {
      const created = await this.repository.insertCoAuthor(id, input, tx);
      if (created === null) throw invalid({ user_id: ['petitions.errors.already_co_author'] });
      if (input.user_id !== null) {
        await this.notifications.publish(tx, {
          user_id: input.user_id,
          kind: 'petition_co_author',
          actor_user_id: me.userId,
          partner_company_id: null,
          entity_type: 'petition',
          entity_id: id,
          data: { title: row.title },
        });
      }
      return created;
    });
    const author = (await this.repository.coAuthors(id)).find((a) => a.id === authorId)!;
    return { data: this.presentCoAuthor(author) };
  }

  /**
   * Removes a co-author. Their own account may always leave (or decline the invitation): nobody is
   * kept named under a petition against their will. The initiator removes others only until the
   * first signature (409 after it, like the text): people signed under those names. Accepted
   * co-authors remove nobody but themselves (403 not_owner); anyone else gets 404.
   */
  async removeManualAuthor(me: Principal, id: number, authorId: number): Promise<void> {
    const row = await this.repository.find(id, osloToday(), me.userId, 'no');
    if (!row || (!row.can_edit && !row.invited)) throw AppError.notFound();
    const author = await this.repository.coAuthor(id, authorId);
    if (!author) throw AppError.notFound();
    if (isCallerInPersonOrActing(me, { user_id: author.user_id, company_id: null })) {
      await this.uow.run((tx) => this.repository.deleteCoAuthor(id, authorId, tx));
      return;
    }
    requireInitiator(row);
    await this.uow.run(async (tx) => {
      // Under the petition's row lock, which signing also takes: no signature slips in between.
      await this.repository.lockState(id, tx);
      if (await this.logEntries.hasEntries(id, tx)) throw conflict('petitions.errors.authors_locked');
      await this.repository.deleteCoAuthor(id, authorId, tx);
    });
  }

  async acceptCoAuthorship(me: Principal, id: number) {
    const authorId = await this.repository.acceptCoAuthorship(id, me.userId);
    if (authorId === null) throw AppError.notFound();
    const author = (await this.repository.coAuthors(id)).find((a) => a.id === authorId)!;
    return { data: this.presentCoAuthor(author) };
  }

  // ---------- attachments ----------

  private async presentAttachments(id: number) {
    return (await this.repository.attachments(id)).map((a) => ({
      id: a.id,
      name: a.name ?? 'vedlegg.pdf',
      size: a.size ?? 0,
      url: this.files.memberUrl(a.key),
      created_at: a.created_at.toISOString(),
    }));
  }

  async attachments(me: Principal, id: number) {
    await this.authored(me, id, 'no', osloToday());
    return { data: await this.presentAttachments(id) };
  }

  async addAttachments(me: Principal, id: number, uploads: Express.Multer.File[] | undefined) {
    await this.authored(me, id, 'no', osloToday());
    const files = uploads ?? [];
    if (files.length === 0) throw invalid({ 'pdf_files[]': ['profile.errors.file_missing'] });
    if ((await this.repository.countAttachments(id)) + files.length > MAX_PETITION_ATTACHMENTS) {
      throw new AppError('VALIDATION', { fields: { 'pdf_files[]': ['petitions.errors.too_many_attachments'] }, vars: { max: MAX_PETITION_ATTACHMENTS } });
    }
    await this.files.storeFor(files, { kind: 'petition_attachment', owner: me.userId, field: 'pdf_files[]' }, (stored) =>
      this.repository.insertAttachments(
        id,
        me.userId,
        stored.map((f) => f.id),
      ),
    );
    return { data: await this.presentAttachments(id) };
  }

  async removeAttachment(me: Principal, id: number, attachmentId: number): Promise<void> {
    await this.authored(me, id, 'no', osloToday());
    const fileId = await this.repository.deleteAttachment(id, attachmentId);
    if (fileId === null) throw AppError.notFound();
    await this.files.remove(fileId);
  }

  // ---------- signatures ----------

  sign(me: Principal, id: number, anonymous: boolean) {
    return this.signatures.sign(me, id, anonymous);
  }

  withdraw(me: Principal, id: number) {
    return this.signatures.withdraw(me, id);
  }

  async receipt(me: Principal, id: number, locale: Locale) {
    await this.visible(id, me.userId, locale, osloToday());
    return this.signatures.receipt(me, id);
  }

  /**
   * One keyset page of the named signers; `next_cursor` is null on the last page. Public, as the
   * names are (docs/petitions.md): a visitor gets them without the profile links (profiles are for members).
   */
  async signers(me: Principal | null, id: number, q: SignerPageQuery, locale: Locale): Promise<SignerPage> {
    await this.visible(id, me?.userId ?? 0, locale, osloToday());
    const page = await readKeyset(q.per_page, (take) => this.repository.signers(id, q.cursor, take), (last) => encodeSignerCursor(last.id));
    return {
      data: page.rows.map(({ id: _id, signed_at, slug, ...r }) => ({ ...r, slug: me ? slug : null, signed_at: signed_at.toISOString() })),
      meta: { next_cursor: page.next_cursor, per_page: q.per_page },
    };
  }

  /** The petition's entries against the latest signed checkpoint (PetitionSignaturesService.verify). */
  async verify(me: Principal | null, id: number, locale: Locale) {
    await this.visible(id, me?.userId ?? 0, locale, osloToday());
    return this.signatures.verify(id);
  }

  // ---------- bookmarks ----------

  async bookmark(me: Principal, id: number, locale: Locale): Promise<void> {
    const row = await this.visible(id, me.userId, locale, osloToday());
    if (row.status === 'draft') throw conflict('petitions.errors.not_published');
    await this.repository.bookmark(id, me.userId);
  }

  async unbookmark(me: Principal, id: number, locale: Locale): Promise<void> {
    await this.visible(id, me.userId, locale, osloToday());
    await this.repository.unbookmark(id, me.userId);
  }
}
