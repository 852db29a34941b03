import { Injectable } from '@nestjs/common';
import { type AccountDecisionKind, type AccountStatus, type OutboxQuery, type Role } from '@legenett/contracts';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { type ExportRows } from '../../common/account-data';
import { type Slice } from '../../common/lists';
import { InjectDatabase } from '../../database/database.module';

const { users, userInfo, userRoles, roles, hprRegister, accountDecisions, refreshTokenFamilies, outboxMessages } = schema;

/** `%term%` for ILIKE with the user's own % and _ taken literally. */
const likePattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The register entry of each account, found by its HPR number first, else by its identity (the keyed
 * hash of the national identity number): a lateral subquery, so a page of accounts is one query.
 */
const hprMatch = () =>
  sql`lateral (
    select h.hpr_number, h.first_name, h.last_name, h.profession, h.has_authorisation, h.has_licence,
           (h.hpr_number = ${userInfo.hpr_number}) as by_number
    from ${hprRegister} h
    where h.hpr_number = ${userInfo.hpr_number}
       or (${users.national_id_hash} is not null and h.national_id_hash = ${users.national_id_hash})
    order by (h.hpr_number = ${userInfo.hpr_number}) desc nulls last
    limit 1
  ) hpr`;

const accountColumns = {
  id: users.id,
  slug: users.slug,
  first_name: users.first_name,
  last_name: users.last_name,
  email: users.email,
  phone: users.phone,
  birth_date: users.birth_date,
  status: users.status,
  locale: users.locale,
  registered_via: users.registered_via,
  email_verified_at: users.email_verified_at,
  last_login_date: users.last_login_date,
  created_at: users.created_at,
  approved_hrp: sql<number>`coalesce(${userInfo.approved_hrp}, 0)`.mapWith(Number),
  hpr_number: userInfo.hpr_number,
  workplace_situation_id: userInfo.workplace_situation_id,
  roles: sql<
    Role[]
  >`(select coalesce(array_agg(r.code order by r.code), '{}') from ${userRoles} ur join ${roles} r on r.id = ur.role_id where ur.user_id = ${users.id})`,
  hpr_found_number: sql<string | null>`hpr.hpr_number`,
  hpr_first_name: sql<string | null>`hpr.first_name`,
  hpr_last_name: sql<string | null>`hpr.last_name`,
  hpr_profession: sql<string | null>`hpr.profession`,
  hpr_has_authorisation: sql<boolean | null>`hpr.has_authorisation`,
  hpr_has_licence: sql<boolean | null>`hpr.has_licence`,
  hpr_by_number: sql<boolean | null>`hpr.by_number`,
  // Other accounts that gave the same HPR number (user_info_hpr_number_idx), and whether one is approved.
  hpr_other_accounts: sql<number>`(select count(*) from ${userInfo} o where o.hpr_number = ${userInfo.hpr_number} and o.user_id <> ${users.id})`.mapWith(Number),
  hpr_number_in_use: sql<boolean>`exists (select 1 from ${userInfo} o join ${users} ou on ou.id = o.user_id where o.hpr_number = ${userInfo.hpr_number} and o.user_id <> ${users.id} and ou.status = 'approved')`,
};

export type AccountRow = NonNullable<Awaited<ReturnType<AdminRepository['findAccount']>>>;

export interface DecisionRow {
  id: number;
  decision: AccountDecisionKind;
  from_status: AccountStatus | null;
  reason: string | null;
  created_at: Date;
  admin_id: number | null;
  admin_first_name: string | null;
  admin_last_name: string | null;
}

/** One decision, written in one transaction (see `applyDecision`). */
export interface DecisionWrite {
  userId: number;
  adminId: number;
  from: AccountStatus;
  to: AccountStatus;
  decision: AccountDecisionKind;
  reason: string | null;
  /** Set `approved_hrp` to 2 (the register confirms health personnel). */
  confirmHealthPersonnel: boolean;
  /** Give the account this role (approval). */
  grantRole: Role | null;
  /** Refuse the account's access tokens issued until now and revoke its refresh-token families. */
  endSessions: boolean;
}

@Injectable()
export class AdminRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  private accounts() {
    return this.db
      .select(accountColumns)
      .from(users)
      .leftJoin(userInfo, eq(userInfo.user_id, users.id))
      .leftJoin(sql`${hprMatch()}`, sql`true`);
  }

  listAccounts(q: { status: AccountStatus; search?: string }) {
    const term = q.search ? likePattern(q.search.toLowerCase()) : null;
    const where = and(
      eq(users.status, q.status),
      isNull(users.deleted_at),
      term ? or(ilike(users.search_name, term), ilike(users.email, term)) : undefined,
    );
    return {
      count: async () => {
        const [totals] = await this.db.select({ total: count() }).from(users).where(where);
        return totals?.total ?? 0;
      },
      read: (slice: Slice) =>
        this.accounts()
          .where(where)
          .orderBy(desc(users.created_at), desc(users.id))
          .limit(slice.limit)
          .offset(slice.offset),
    };
  }

  async findAccount(id: number) {
    const [row] = await this.accounts()
      .where(and(eq(users.id, id), isNull(users.deleted_at)))
      .limit(1);
    return row ?? null;
  }

  async workplaceSituationCode(id: number): Promise<string | null> {
    const [row] = await this.db
      .select({ code: schema.workplaceSituations.code })
      .from(schema.workplaceSituations)
      .where(eq(schema.workplaceSituations.id, id));
    return row?.code ?? null;
  }

  decisions(userId: number): Promise<DecisionRow[]> {
    return this.db
      .select({
        id: accountDecisions.id,
        decision: accountDecisions.decision,
        from_status: accountDecisions.from_status,
        reason: accountDecisions.reason,
        created_at: accountDecisions.created_at,
        admin_id: users.id,
        admin_first_name: users.first_name,
        admin_last_name: users.last_name,
      })
      .from(accountDecisions)
      .leftJoin(users, eq(users.id, accountDecisions.admin_user_id))
      .where(eq(accountDecisions.user_id, userId))
      .orderBy(desc(accountDecisions.created_at), desc(accountDecisions.id));
  }

  /** The status the account had before its latest block (null when no block is on record). */
  async statusBeforeLastBlock(userId: number): Promise<AccountStatus | null> {
    const [row] = await this.db
      .select({ from_status: accountDecisions.from_status })
      .from(accountDecisions)
      .where(and(eq(accountDecisions.user_id, userId), eq(accountDecisions.decision, 'blocked')))
      .orderBy(desc(accountDecisions.created_at), desc(accountDecisions.id))
      .limit(1);
    return row?.from_status ?? null;
  }

  /**
   * Applies a decision atomically. The status update is conditional on the status the service
   * decided from, so two administrators acting at once cannot both win: null means someone else did.
   */
  applyDecision(d: DecisionWrite, outer?: Transaction): Promise<{ decisionId: number } | null> {
    return (outer ?? this.db).transaction(async (tx) => {
      const updated = await tx
        .update(users)
        .set({ status: d.to, ...(d.endSessions ? { sessions_valid_after: sql`now()` } : {}) })
        .where(and(eq(users.id, d.userId), eq(users.status, d.from), isNull(users.deleted_at)))
        .returning({ id: users.id });
      if (updated.length === 0) return null;

      if (d.confirmHealthPersonnel) {
        await tx
          .insert(userInfo)
          .values({ user_id: d.userId, approved_hrp: 2, hpr_verified: true, hpr_checked_at: sql`now()` })
          .onConflictDoUpdate({
            target: userInfo.user_id,
            set: { approved_hrp: 2, hpr_verified: true, hpr_checked_at: sql`now()` },
          });
      }
      if (d.grantRole) {
        const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, d.grantRole));
        if (!role) throw new Error(`Role ${d.grantRole} is missing from the roles table`);
        await tx.insert(userRoles).values({ user_id: d.userId, role_id: role.id }).onConflictDoNothing();
      }
      if (d.endSessions) {
        await tx
          .update(refreshTokenFamilies)
          .set({ revoked_at: sql`now()`, revoked_reason: 'blocked' })
          .where(and(eq(refreshTokenFamilies.user_id, d.userId), isNull(refreshTokenFamilies.revoked_at)));
      }
      const [decision] = await tx
        .insert(accountDecisions)
        .values({
          user_id: d.userId,
          admin_user_id: d.adminId,
          decision: d.decision,
          from_status: d.from,
          reason: d.reason,
        })
        .returning({ id: accountDecisions.id });
      return { decisionId: decision!.id };
    });
  }

  async mailRecipient(userId: number, tx?: Transaction) {
    const [row] = await (tx ?? this.db)
      .select({ email: users.email, first_name: users.first_name, locale: users.locale })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deleted_at)));
    return row ?? null;
  }

  listOutbox(q: Pick<OutboxQuery, 'channel' | 'status'>) {
    const where = and(
      q.channel ? eq(outboxMessages.channel, q.channel) : undefined,
      q.status ? eq(outboxMessages.status, q.status) : undefined,
    );
    return {
      count: async () => {
        const [totals] = await this.db.select({ total: count() }).from(outboxMessages).where(where);
        return totals?.total ?? 0;
      },
      read: (slice: Slice) =>
        this.db
          .select({
            id: outboxMessages.id,
            channel: outboxMessages.channel,
            to: outboxMessages.to,
            user_id: outboxMessages.user_id,
            subject: outboxMessages.subject,
            body: outboxMessages.body,
            template: outboxMessages.template,
            locale: outboxMessages.locale,
            status: outboxMessages.status,
            attempts: outboxMessages.attempts,
            last_error: outboxMessages.last_error,
            sent_at: outboxMessages.sent_at,
            created_at: outboxMessages.created_at,
          })
          .from(outboxMessages)
          .where(where)
          .orderBy(desc(outboxMessages.created_at), desc(outboxMessages.id))
          .limit(slice.limit)
          .offset(slice.offset),
    };
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /** Nothing to erase: the decisions are the administrators' audit trail and stay on the tombstone. */
  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return { account_decisions: await this.db.select().from(accountDecisions).where(eq(accountDecisions.user_id, userId)) };
  }
}
