import { Injectable } from '@nestjs/common';
import { AppError } from '../errors/app-error';
import { type Principal } from '../auth/principal';
import { AccessRepository, type CompanyStanding, type ManagedKind, type MediaViewer } from './access.repository';

/**
 * How a refusal looks (api-conventions.md, "Ownership"): a `public` thing others can see answers
 * 403 `not_owner` to a non-manager; a `private` one (e.g. acting as a business profile) answers 404,
 * so that nobody learns it exists.
 */
export type Exposure = 'public' | 'private';

/**
 * Ownership and management, after the route-level gates (`access`, `permission`, `personal`,
 * `healthPersonnel` of the endpoint descriptor) have let the caller in. Every module asks here;
 * the SQL of each predicate is in AccessRepository (docs/how-to/check-access.md).
 */
@Injectable()
export class AccessService {
  constructor(private readonly repository: AccessRepository) {}

  /** Whether the user manages the company and it is not deleted. */
  async managesCompany(userId: number, companyId: number): Promise<boolean> {
    return (await this.repository.companyStanding(userId, companyId))?.is_manager ?? false;
  }

  /** Ids of the live companies the user manages. */
  managedCompanyIds(userId: number): Promise<number[]> {
    return this.repository.managedCompanyIds(userId);
  }

  /** 404 unless the caller may see the company: live, and published or managed by the caller. */
  async requireSeesCompany(userId: number, companyId: number): Promise<void> {
    AccessService.checkCompany(await this.repository.companyStanding(userId, companyId), 'see');
  }

  /** 404 when the caller cannot see the company; when they can but do not manage it, 403 `not_owner` (or 404 when `private`). */
  async requireManagesCompany(userId: number, companyId: number, exposure: Exposure = 'public'): Promise<void> {
    AccessService.checkCompany(await this.repository.companyStanding(userId, companyId), 'manage', exposure);
  }

  /**
   * The same rule for a company row already loaded with the caller's standing (its query selects
   * `is_manager` with `managesCompanySql`), so a service that needs the row asks no second query.
   */
  static checkCompany<T extends CompanyStanding>(company: T | null, need: 'see' | 'manage', exposure: Exposure = 'public'): asserts company is T {
    if (!company || (!company.is_published && !company.is_manager)) throw AppError.notFound();
    if (need === 'manage' && !company.is_manager) throw exposure === 'public' ? AppError.forbidden('not_owner') : AppError.notFound();
  }

  /**
   * Which of these ids (of one kind) the user manages: may change, delete or see privately. One
   * query for a whole list; the rule of each kind is `MANAGED_KINDS` in the repository.
   */
  async managedOf(userId: number, kind: ManagedKind, ids: readonly number[]): Promise<Set<number>> {
    return new Set(await this.repository.managedOf(kind, userId, [...new Set(ids)]));
  }

  /** Whether the user manages this one item of `kind`. */
  async manages(userId: number, kind: ManagedKind, id: number): Promise<boolean> {
    return (await this.managedOf(userId, kind, [id])).has(id);
  }

  /**
   * 403 `not_owner` (or 404 when `private`) unless the user manages the item. The caller has
   * already found the item visible to them (else it answers 404 itself).
   */
  async requireManages(userId: number, kind: ManagedKind, id: number, exposure: Exposure = 'public'): Promise<void> {
    if (!(await this.manages(userId, kind, id))) throw exposure === 'public' ? AppError.forbidden('not_owner') : AppError.notFound();
  }

  /**
   * Who is looking at the media archive (videos, audio, the podcast feed): administrators see every
   * item; others what the items' access levels let through (`mediaAccessibleSql`).
   */
  async mediaViewer(me: Pick<Principal, 'userId' | 'roles'>): Promise<MediaViewer> {
    const seesAll = me.roles.includes('admin');
    return {
      userId: me.userId,
      seesAll,
      isDoctor: me.roles.includes('doctor'),
      specialtyIds: seesAll ? [] : await this.repository.viewerSpecialties(me.userId),
    };
  }

  /** The id of a member others may see (not deleted, blocked or rejected); else 404. */
  async requireVisibleMember(slug: string): Promise<number> {
    const id = await this.repository.visibleMemberIdBySlug(slug);
    if (id === null) throw AppError.notFound();
    return id;
  }
}
