import { Injectable } from '@nestjs/common';
import {
  type Alert,
  type AlertInput,
  AlertSchema,
  type AlertType,
  MAX_ALERTS_PER_USER,
  type MessageKey,
  type PageMeta,
  type PageQuery,
} from '@legenett/contracts';
import { checkGates, type Principal } from '../../common/auth';
import { type Gates } from '../../common/auth/access.guard';
import { AppError } from '../../common/errors/app-error';
import { readPage } from '../../common/lists';
import { UnitOfWork } from '../../database/unit-of-work';
import { ReferenceChecks } from '../reference';
import { type AlertKeys, type AlertRow, type AlertWrite, AlertsRepository } from './alerts.repository';

type ReferenceCheck = Parameters<ReferenceChecks['unknown']>[0][number];

/** The gates of each list an alert watches: who may save (and keep receiving) it. */
const LIST_GATES: Record<AlertType, Gates> = {
  job: { permission: 'jobs-read' },
  course: { permission: 'course-read' },
  petition: {},
  video: { healthPersonnel: 'confirmed_or_in_review', permission: 'video-viewer-read' },
};

const ANY_ID = [0];
const ANY_TEXT = ['*'];
const idsOr = (ids: readonly number[] | undefined): number[] => (ids && ids.length > 0 ? [...new Set(ids)] : ANY_ID);
const idOr = (id: number | undefined): number[] => (id === undefined ? ANY_ID : [id]);
const textOr = (v: string | undefined): string[] => (v === undefined ? ANY_TEXT : [v]);

/** The alert's filters as the match index holds them (docs/decisions/0014-alerts.md). */
function keysOf(input: AlertInput): AlertKeys {
  const none = { specialty_keys: ANY_ID, county_keys: ANY_ID, city_keys: ANY_ID, category_keys: ANY_ID, variant_keys: ANY_TEXT };
  switch (input.type) {
    case 'job': {
      const f = input.filters;
      return { ...none, specialty_keys: idOr(f.speciality), county_keys: idOr(f.county), category_keys: idOr(f.category), variant_keys: textOr(f.workplace) };
    }
    case 'course': {
      const f = input.filters;
      return { ...none, specialty_keys: idsOr(f.specialities), county_keys: idsOr(f.counties), city_keys: idsOr(f.cities), variant_keys: textOr(f.type) };
    }
    case 'petition':
      return { ...none, specialty_keys: idsOr(input.filters.petitionSpecialties) };
    case 'video':
      return { ...none, category_keys: idsOr(input.filters.categories) };
  }
}

/** The reference rows the filters point at, for the 422 on an unknown one. */
function referencesOf(input: AlertInput): ReferenceCheck[] {
  switch (input.type) {
    case 'job': {
      const f = input.filters;
      return [
        ['filters.speciality', 'specialties', f.speciality ?? null],
        ['filters.county', 'counties', f.county ?? null],
        ['filters.category', 'jobCategories', f.category ?? null],
      ];
    }
    case 'course': {
      const f = input.filters;
      return [
        ['filters.specialities', 'specialties', f.specialities],
        ['filters.counties', 'counties', f.counties],
        ['filters.cities', 'cities', f.cities],
      ];
    }
    case 'petition':
      return [['filters.petitionSpecialties', 'specialties', input.filters.petitionSpecialties]];
    case 'video':
      return [['filters.categories', 'videoCategories', input.filters.categories]];
  }
}

/** Alerts (saved searches): the caller's list, create (at most 20), rename or change, delete. */
@Injectable()
export class AlertsService {
  constructor(
    private readonly repository: AlertsRepository,
    private readonly uow: UnitOfWork,
    private readonly references: ReferenceChecks,
  ) {}

  async list(me: Principal, q: PageQuery): Promise<{ data: Alert[]; meta: PageMeta }> {
    const { rows, meta } = await readPage(q, this.repository.list(me.userId));
    return { data: rows.map((r) => AlertsService.present(r)), meta };
  }

  async create(me: Principal, input: AlertInput): Promise<{ data: Alert }> {
    const write = await this.check(me, input);
    const row = await this.uow.run(async (tx) => {
      await this.repository.lockUser(me.userId, tx);
      if ((await this.repository.count(me.userId, tx)) >= MAX_ALERTS_PER_USER) {
        throw new AppError('CONFLICT', { message: 'alerts.errors.limit', vars: { maximum: MAX_ALERTS_PER_USER } });
      }
      return this.repository.insert(me.userId, write, tx);
    });
    return { data: AlertsService.present(row) };
  }

  async update(me: Principal, id: number, input: AlertInput): Promise<{ data: Alert }> {
    // Ownership first: someone else's alert is a 404 even with bad input.
    const existing = await this.repository.find(me.userId, id);
    if (!existing) throw AppError.notFound();
    if (existing.type !== input.type) throw new AppError('VALIDATION', { fields: { type: ['alerts.errors.type_fixed'] } });
    const row = await this.repository.update(me.userId, id, await this.check(me, input));
    if (!row) throw AppError.notFound();
    return { data: AlertsService.present(row) };
  }

  async remove(me: Principal, id: number): Promise<void> {
    if (!(await this.repository.delete(me.userId, id))) throw AppError.notFound();
  }

  /** The list's own gates (403 with its reason), the references (422), then the row to write. */
  private async check(me: Principal, input: AlertInput): Promise<AlertWrite> {
    checkGates(me, 'member', LIST_GATES[input.type]);
    const fields: Record<string, MessageKey[]> = await this.references.unknown(referencesOf(input));
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { fields });
    const search = input.filters.search?.trim() || undefined;
    return {
      type: input.type,
      name: input.name,
      frequency: input.frequency,
      filters: { ...input.filters, search },
      search,
      ...keysOf(input),
    };
  }

  private static present(r: AlertRow): Alert {
    return AlertSchema.parse({
      id: r.id,
      type: r.type,
      name: r.name,
      frequency: r.frequency,
      filters: r.filters,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    });
  }
}
