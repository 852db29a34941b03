import { Injectable } from '@nestjs/common';
import {
  type AccountAction,
  type AccountDecision,
  type AccountStatus,
  type AdminHprLookup,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserListQuery,
  AdminHprProfessionSchema,
  type Locale,
  type OutboxMessage,
  type OutboxQuery,
  type PageMeta,
  type Role,
  type StatusLabel,
  translate,
} from '@legenett/contracts';
import { isSelf } from '../../common/access';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { readPage } from '../../common/lists';
import { UnitOfWork } from '../../database/unit-of-work';
import { isConfirmed } from '../registration';
import { actionsFrom, ACTION_EFFECTS, findTransition, resolveTarget } from './account-transitions';
import { AccountDecisionNotifier } from './account-decision.notifier';
import { type AccountRow, AdminRepository, type DecisionRow } from './admin.repository';

/** The wire's status label of each status (user.ts's labels, in the order of ACCOUNT_STATUSES). */
const STATUS_LABEL: Record<AccountStatus, StatusLabel> = {
  awaiting_approval: 'Awaiting approval',
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Rejected',
  blocked: 'Blocked',
};

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
const sameName = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('nb') === b.trim().toLocaleLowerCase('nb');

/** The register's verdict for one account row (the lateral lookup of the repository). */
export function hprLookupOf(row: AccountRow): AdminHprLookup {
  const profession = AdminHprProfessionSchema.safeParse(row.hpr_profession);
  if (!row.hpr_found_number || !profession.success) {
    return {
      found: false,
      matched_by: null,
      hpr_number: row.hpr_number,
      profession: null,
      has_authorisation: false,
      has_licence: false,
      name_matches: null,
      other_accounts: row.hpr_other_accounts,
      number_in_use: row.hpr_number_in_use,
      confirms_health_personnel: false,
    };
  }
  const hasAuthorisation = row.hpr_has_authorisation === true;
  const hasLicence = row.hpr_has_licence === true;
  return {
    found: true,
    matched_by: row.hpr_by_number ? 'hpr_number' : 'national_id',
    hpr_number: row.hpr_found_number,
    profession: profession.data,
    has_authorisation: hasAuthorisation,
    has_licence: hasLicence,
    name_matches:
      sameName(row.hpr_first_name ?? '', row.first_name) && sameName(row.hpr_last_name ?? '', row.last_name),
    other_accounts: row.hpr_other_accounts,
    number_in_use: row.hpr_number_in_use,
    // The registration module's rule, so sign-up and approval agree on who is confirmed.
    confirms_health_personnel: isConfirmed({
      hprNumber: row.hpr_found_number,
      firstName: row.hpr_first_name ?? '',
      lastName: row.hpr_last_name ?? '',
      birthDate: null,
      profession: profession.data,
      hasAuthorisation,
      hasLicence,
      nationalIdHash: null,
    }),
  };
}

type Refusal = 'own_account' | 'invalid_transition' | 'block_admin' | 'hpr_number_in_use';

/**
 * Why the administrator `me` may not take `action` on the account, or null when they may: the
 * transition table plus the two rules about who (nobody decides about their own account;
 * administrators are not blocked). The list's `available_actions` and `decide` both ask this, so
 * they never disagree.
 */
function refusalOf(row: AccountRow, me: Principal, action: AccountAction): Refusal | null {
  if (isSelf(me, row.id)) return 'own_account';
  if (!findTransition(row.status, action)) return 'invalid_transition';
  if (action === 'block' && row.roles.includes('admin')) return 'block_admin';
  // One person, one account: an HPR number an approved account already has is not approved twice.
  if (action === 'approve' && row.hpr_number_in_use) return 'hpr_number_in_use';
  return null;
}

function toAdminUser(row: AccountRow, me: Principal): AdminUser {
  const approvedHrp = row.approved_hrp === 2 ? 2 : row.approved_hrp === 1 ? 1 : 0;
  return {
    id: row.id,
    slug: row.slug,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    status: row.status,
    status_label: STATUS_LABEL[row.status],
    approved_hrp: approvedHrp,
    hpr_number: row.hpr_number,
    registered_via: row.registered_via,
    roles: row.roles,
    created_at: row.created_at.toISOString(),
    hpr: hprLookupOf(row),
    available_actions: actionsFrom(row.status).filter((a) => refusalOf(row, me, a) === null),
  };
}

function toDecision(row: DecisionRow): AccountDecision {
  return {
    id: row.id,
    decision: row.decision,
    from_status: row.from_status,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
    admin:
      row.admin_id === null
        ? null
        : { id: row.admin_id, first_name: row.admin_first_name ?? '', last_name: row.admin_last_name ?? '' },
  };
}

@Injectable()
export class AdminService {
  constructor(
    private readonly repo: AdminRepository,
    private readonly notifier: AccountDecisionNotifier,
    private readonly uow: UnitOfWork,
  ) {}

  async listUsers(me: Principal, q: AdminUserListQuery) {
    const { rows, meta } = await readPage(q, this.repo.listAccounts({ status: q.status, search: q.search }));
    return { data: rows.map((row) => toAdminUser(row, me)), meta };
  }

  async showUser(me: Principal, id: number): Promise<{ data: AdminUserDetail }> {
    const row = await this.repo.findAccount(id);
    if (!row) throw AppError.notFound();
    return { data: await this.detailOf(row, me) };
  }

  /**
   * One administrator decision: checked against the transition table, applied atomically, logged
   * with the administrator, together with the user's notification and e-mail (delivered after
   * the commit through the job outbox).
   */
  async decide(me: Principal, userId: number, action: AccountAction, reason: string | null, locale: Locale) {
    const account = await this.repo.findAccount(userId);
    if (!account) throw AppError.notFound();
    const transition = findTransition(account.status, action);
    const refusal = refusalOf(account, me, action);
    if (refusal || !transition) {
      throw new AppError('CONFLICT', {
        message: `admin.errors.${refusal ?? 'invalid_transition'}`,
        vars: { status: translate(locale, `admin.status.${account.status}`) },
      });
    }

    const effects = ACTION_EFFECTS[action];
    const to = resolveTarget(
      transition.to,
      transition.to === 'previous' ? await this.repo.statusBeforeLastBlock(userId) : null,
    );
    const hpr = hprLookupOf(account);
    const grantRole = action === 'approve' ? await this.roleOnApproval(account, hpr) : null;
    const written = await this.uow.run(async (tx) => {
      const applied = await this.repo.applyDecision(
        {
          userId,
          adminId: me.userId,
          from: account.status,
          to,
          decision: effects.decision,
          reason: effects.needsReason ? reason : null,
          confirmHealthPersonnel: action === 'approve' && hpr.confirms_health_personnel,
          grantRole,
          endSessions: effects.endsSessions,
        },
        tx,
      );
      if (!applied) return null;
      await this.notifier.notify(tx, {
        userId,
        adminId: me.userId,
        decisionId: applied.decisionId,
        decision: effects.decision,
        status: to,
        reason: effects.needsReason ? reason : null,
      });
      return applied;
    });
    // Someone else changed the account between our read and our write.
    if (!written) {
      throw new AppError('CONFLICT', { message: 'admin.errors.changed_meanwhile' });
    }
    return this.showUser(me, userId);
  }

  /**
   * The role an approval grants: what the register says (doctor or student); without a register
   * entry of either kind, the account's own workplace situation decides (student, else doctor),
   * since the administrator has approved the account as health personnel by hand.
   */
  private async roleOnApproval(account: AccountRow, hpr: AdminHprLookup): Promise<Role> {
    if (hpr.profession === 'doctor' || hpr.profession === 'student') return hpr.profession;
    if (account.workplace_situation_id !== null) {
      const situation = await this.repo.workplaceSituationCode(account.workplace_situation_id);
      if (situation === 'student') return 'student';
    }
    return 'doctor';
  }

  private async detailOf(row: AccountRow, me: Principal): Promise<AdminUserDetail> {
    const decisions = await this.repo.decisions(row.id);
    return {
      ...toAdminUser(row, me),
      phone: row.phone,
      birth_date: row.birth_date,
      locale: row.locale,
      email_verified: row.email_verified_at !== null,
      last_login_date: iso(row.last_login_date),
      decisions: decisions.map(toDecision),
    };
  }

  async outbox(q: OutboxQuery): Promise<{ data: OutboxMessage[]; meta: PageMeta }> {
    const { rows, meta } = await readPage(q, this.repo.listOutbox(q));
    return {
      data: rows.map((r) => ({ ...r, sent_at: iso(r.sent_at), created_at: r.created_at.toISOString() })),
      meta,
    };
  }
}
