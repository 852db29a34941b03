import { Injectable } from '@nestjs/common';
import {
  type Job,
  type JobInput,
  type JobListQuery,
  type Locale,
  type MessageKey,
  type MyJobListQuery,
  osloMidnight,
  osloToday,
} from '@legenett/contracts';
import { AccessService } from '../../common/access';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { ListCounts, readPage } from '../../common/lists';
import { UnitOfWork } from '../../database/unit-of-work';
import { AlertTrigger } from '../alerts';
import { Storage } from '../../common/storage/storage';
import { ReferenceChecks } from '../reference';
import { type JobFilters, type JobRow, JobsRepository, type JobWrite } from './jobs.repository';
import { FilesService } from '../../common/files/files.service';

/** The jobs board: everyone with jobs-read browses; owners and company managers edit. */
@Injectable()
export class JobsService {
  constructor(
    private readonly repository: JobsRepository,
    private readonly files: FilesService,
    private readonly storage: Storage,
    private readonly access: AccessService,
    private readonly references: ReferenceChecks,
    private readonly counts: ListCounts,
    private readonly uow: UnitOfWork,
    private readonly alerts: AlertTrigger,
  ) {}

  private static filters(q: Omit<JobListQuery, 'show_old'>): JobFilters {
    return {
      search: q.search || undefined,
      speciality: q.speciality,
      workplace: q.workplace,
      county: q.county,
      category: q.category,
    };
  }

  /** Adds the specialities of all rows (one query) and public logo URLs. */
  private async present(rows: JobRow[], locale: Locale): Promise<Job[]> {
    const specialities = await this.repository.specialitiesOf(
      rows.map((r) => r.id),
      locale,
    );
    return rows.map((r) => ({
      ...r,
      specialities: specialities.get(r.id) ?? [],
      company_logo: this.storage.publicUrl(r.company_logo),
      published_at: r.published_at.toISOString(),
      closed_at: r.closed_at ? r.closed_at.toISOString() : null,
      created_at: r.created_at.toISOString(),
    }));
  }

  /** The board (common/lists' Board): current jobs and archived ones, keyset from cached bookmarks on deep pages. */
  private board(me: Principal, filters: JobFilters, today: string, locale: Locale) {
    return this.counts.board({
      name: 'jobs',
      tables: ['jobs'],
      filter: { ...filters, today },
      read: (part: 'current' | 'archived', slice) => this.repository.boardSlice(part, filters, today, me.userId, locale, slice),
      keyAt: (part, position, fromEnd) => this.repository.boardKeyAt(part, filters, today, position, fromEnd),
    });
  }

  /** Current jobs first, archived appended; the total rounded up to ten; `show_old` answers the last page. */
  async list(me: Principal, q: JobListQuery, locale: Locale) {
    const today = osloToday();
    const filters = JobsService.filters(q);
    const page = await this.board(me, filters, today, locale).currentThenArchived(
      q,
      { current: 'current', archived: 'archived' },
      { list: 'jobs.board', compute: () => this.repository.countBoard(filters, today) },
    );
    return { data: await this.present(page.rows, locale), meta: page.meta };
  }

  async archived(me: Principal, q: Omit<JobListQuery, 'show_old'>, locale: Locale) {
    const today = osloToday();
    const filters = JobsService.filters(q);
    const page = await this.board(me, filters, today, locale).onePart(q, 'archived', {
      list: 'jobs.archived',
      compute: () => this.repository.countArchived(filters, today),
    });
    return { data: await this.present(page.rows, locale), meta: page.meta };
  }

  async show(me: Principal, id: number, locale: Locale) {
    await this.requireVisible(me, id);
    return this.one(me, id, locale, false);
  }

  /** The rule of `GET /jobs/:id`, for other modules too (a message about a job): 404 when the caller may not see it. */
  async requireVisible(me: Principal, id: number): Promise<void> {
    if (!(await this.repository.isVisible(id, me.userId))) throw AppError.notFound();
  }

  private async one(me: Principal, id: number, locale: Locale, editableOnly: boolean) {
    const row = await this.repository.find(id, osloToday(), me.userId, locale, editableOnly);
    if (!row) throw AppError.notFound();
    const [job] = await this.present([row], locale);
    return { data: job! };
  }

  async markAsViewed(me: Principal, id: number) {
    if (!(await this.repository.isVisible(id, me.userId))) throw AppError.notFound();
    const result = await this.repository.markViewed(id, me.userId);
    return { data: { id, ...result } };
  }

  async myList(me: Principal, q: MyJobListQuery, locale: Locale) {
    const page = await readPage(
      q,
      await this.repository.mine(me.userId, q.status === 'past', osloToday(), locale),
    );
    return { data: await this.present(page.rows, locale), meta: page.meta };
  }

  myShow(me: Principal, id: number, locale: Locale) {
    return this.one(me, id, locale, true);
  }

  /** 422 for unknown references, a company the user does not manage, and dates out of order. */
  private async check(me: Principal, input: JobInput, previousDeadline: string | null): Promise<JobWrite> {
    const fields: Record<string, MessageKey[]> = await this.references.unknown([
      ['job_category_id', 'jobCategories', input.job_category_id],
      ['hospital_id', 'hospitals', input.hospital_id],
      ['clinic_id', 'clinics', input.clinic_id],
      ['city_id', 'cities', input.city_id],
      ['county_id', 'counties', input.county_id],
      ['specialty_ids', 'specialties', input.specialty_ids],
    ]);
    // Acting as a business profile posts for that company unless another is named.
    const companyId = input.partner_company_id ?? me.activeCompanyId;
    if (companyId !== null && !(await this.access.managesCompany(me.userId, companyId))) {
      fields.partner_company_id = ['jobs.errors.not_manager'];
    }
    const today = osloToday();
    // A new deadline must not be in the past; an unchanged one may have passed since.
    if (input.application_deadline < today && input.application_deadline !== previousDeadline) {
      fields.application_deadline = ['validation.date_in_past'];
    }
    if (input.published_on && input.published_on > input.application_deadline) {
      fields.published_on = ['validation.date_order'];
    }
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { fields });
    const { specialty_ids: _specialtyIds, published_on, ...rest } = input;
    return {
      ...rest,
      partner_company_id: companyId,
      // Publishing today means now; a later day means midnight of that day, Oslo time (summer time too).
      published_at: published_on && published_on > today ? osloMidnight(published_on) : null,
    };
  }

  async create(me: Principal, input: JobInput, locale: Locale) {
    const write = await this.check(me, input, null);
    const id = await this.uow.run(async (tx) => {
      const created = await this.repository.insert(me.userId, write, input.specialty_ids, tx);
      // A job published later is matched by the alerts' sweep when its day comes.
      if (write.published_at === null) await this.alerts.itemAppeared(tx, 'job', created);
      return created;
    });
    return this.one(me, id, locale, true);
  }

  async update(me: Principal, id: number, input: JobInput, locale: Locale) {
    // Ownership first: someone else's job is a 404 even with bad input.
    const existing = await this.repository.find(id, osloToday(), me.userId, locale, true);
    if (!existing) throw AppError.notFound();
    await this.repository.update(
      id,
      await this.check(me, input, existing.application_deadline),
      input.specialty_ids,
    );
    return this.one(me, id, locale, true);
  }

  async close(me: Principal, id: number, locale: Locale) {
    if (!(await this.repository.find(id, osloToday(), me.userId, locale, true))) throw AppError.notFound();
    await this.repository.close(id);
    return this.one(me, id, locale, true);
  }

  async uploadLogo(me: Principal, id: number, file: Express.Multer.File | undefined, locale: Locale) {
    if (!(await this.repository.find(id, osloToday(), me.userId, locale, true))) throw AppError.notFound();
    await this.files.replace(file, { kind: 'job_logo', owner: me.userId, field: 'logo' }, (fileId) => this.repository.replaceLogo(id, fileId));
    return this.one(me, id, locale, true);
  }

  async deleteLogo(me: Principal, id: number, locale: Locale) {
    if (!(await this.repository.find(id, osloToday(), me.userId, locale, true))) throw AppError.notFound();
    await this.files.remove(await this.repository.replaceLogo(id, null));
    return this.one(me, id, locale, true);
  }
}
