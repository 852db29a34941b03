import { Injectable } from '@nestjs/common';
import { type GuardFindingSource, type GuardFindingStatus } from '@legenett/contracts';
import { type Database, schema, type Transaction } from '@legenett/db';
import { count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { type AccountTx } from '../../common/account-data';
import { orderFor, type PageSource, type Slice } from '../../common/lists';
import { InjectDatabase } from '../../database/database.module';

const { guardFindings: findings, guardSweeps: sweeps } = schema;

/** One row of content as the sweep reads it: its texts by column, who wrote it, when, where it is. */
export interface ContentRow {
  id: number;
  user_id: number | null;
  company_id: number | null;
  created_at: Date;
  link: string | null;
  texts: Record<string, string | null>;
}

/** A number found in one column of one row (masked and hashed: the number itself is never stored). */
export interface NewFinding {
  source: GuardFindingSource;
  content_id: number;
  field: string;
  author_user_id: number | null;
  author_company_id: number | null;
  content_created_at: Date;
  link: string | null;
  masked: string;
  number_hash: string;
  could_be_account: boolean;
}

export type SweepRow = typeof sweeps.$inferSelect;

export interface FindingRow {
  id: number;
  source: GuardFindingSource;
  field: string;
  content_id: number;
  link: string | null;
  masked: string;
  could_be_account: boolean;
  author: { type: 'user' | 'company'; id: number; slug: string; name: string } | null;
  content_created_at: Date;
  status: GuardFindingStatus;
  handled_by: { id: number; name: string } | null;
  handled_at: Date | null;
  created_at: Date;
}

/**
 * What the sweep reads, in this order: one keyset query per source (`id > after order by id limit n`
 * on the primary key), so a batch costs the same however large the table. Texts are the columns
 * another person can read; a private message's link is null (administrators do not open
 * conversations) and its text never leaves this query but as a masked finding.
 */
const SOURCES: Record<GuardFindingSource, (after: number, limit: number) => SQL> = {
  post: (after, limit) => sql`
    select p.id, p.author_user_id as user_id, p.partner_company_id as company_id, p.created_at,
           '/post/' || p.id as link, json_build_object('body', p.body) as texts
      from posts p where p.id > ${after} order by p.id limit ${limit}`,
  comment: (after, limit) => sql`
    select c.id, c.author_user_id as user_id, c.partner_company_id as company_id, c.created_at,
           '/post/' || c.post_id as link, json_build_object('body', c.body) as texts
      from post_comments c where c.id > ${after} order by c.id limit ${limit}`,
  petition: (after, limit) => sql`
    select p.id, p.user_id, null::integer as company_id, p.created_at, '/petitions/details/' || p.id as link,
           json_build_object('title', p.title, 'summary', p.summary, 'full_text', p.full_text,
                             'recipient', p.recipient, 'answer', p.answer) as texts
      from petitions p where p.id > ${after} order by p.id limit ${limit}`,
  press_release: (after, limit) => sql`
    select r.id, r.sent_by_user_id as user_id, null::integer as company_id, r.created_at,
           '/petitions/details/' || r.petition_id as link,
           json_build_object('subject', r.subject, 'body', r.body, 'contact', r.contact) as texts
      from petition_press_releases r where r.id > ${after} order by r.id limit ${limit}`,
  job: (after, limit) => sql`
    select j.id, j.user_id, j.partner_company_id as company_id, j.created_at, '/jobs/details/' || j.id as link,
           json_build_object('title', j.title, 'description', j.description, 'contact_person', j.contact_person,
                             'work_address', j.work_address, 'address_line', j.address_line, 'company_name', j.company_name) as texts
      from jobs j where j.id > ${after} order by j.id limit ${limit}`,
  product: (after, limit) => sql`
    select p.id, p.user_id, null::integer as company_id, p.created_at, '/marketplace/details/' || p.id as link,
           json_build_object('title', p.title, 'description', p.description, 'manufacturer', p.manufacturer) as texts
      from products p where p.id > ${after} order by p.id limit ${limit}`,
  course: (after, limit) => sql`
    select c.id, c.user_id, c.partner_company_id as company_id, c.created_at,
           '/course/webinares/' || c.id || '/' || c.type as link,
           json_build_object('title', c.title, 'description', c.description, 'target', c.target, 'address', c.address,
                             'sponsor_name', c.sponsor_name, 'audience', c.audience, 'host_name', c.host_name,
                             'credit_approved_by', c.credit_approved_by) as texts
      from courses c where c.id > ${after} order by c.id limit ${limit}`,
  company: (after, limit) => sql`
    select c.id, null::integer as user_id, c.id as company_id, c.created_at, '/profile_company/' || c.slug as link,
           json_build_object('name', c.name, 'description', c.description, 'address', c.address) as texts
      from partner_companies c where c.id > ${after} order by c.id limit ${limit}`,
  profile: (after, limit) => sql`
    select u.id, u.id as user_id, null::integer as company_id, u.created_at, '/profile/' || u.slug as link,
           json_build_object('first_name', u.first_name, 'last_name', u.last_name, 'about', i.about,
                             'position', i.position, 'workplace_name', i.workplace_name) as texts
      from users u left join user_info i on i.user_id = u.id
     where u.id > ${after} and u.deleted_at is null order by u.id limit ${limit}`,
  group: (after, limit) => sql`
    select c.id, c.created_by_user_id as user_id, null::integer as company_id, c.created_at, null::text as link,
           json_build_object('title', c.title) as texts
      from conversations c where c.id > ${after} order by c.id limit ${limit}`,
  message: (after, limit) => sql`
    select m.id, m.sender_user_id as user_id, m.sender_company_id as company_id, m.created_at, null::text as link,
           json_build_object('body', case when m.deleted_at is null then m.body end) as texts
      from messages m where m.id > ${after} order by m.id limit ${limit}`,
  file: (after, limit) => sql`
    select f.id, f.owner_user_id as user_id, null::integer as company_id, f.created_at, null::text as link,
           json_build_object('original_name', f.original_name) as texts
      from stored_files f where f.id > ${after} and f.original_id is null order by f.id limit ${limit}`,
};

/** The sweep's runs and findings; the only guard-sweep file that speaks SQL. */
@Injectable()
export class GuardSweepRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** One keyset batch of one source, by primary key. */
  async batch(source: GuardFindingSource, after: number, limit: number): Promise<ContentRow[]> {
    const result = await this.db.execute<{ id: string | number; user_id: number | null; company_id: number | null; created_at: Date | string; link: string | null; texts: Record<string, string | null> }>(
      SOURCES[source](after, limit),
    );
    return result.rows.map((r) => ({
      id: Number(r.id),
      user_id: r.user_id,
      company_id: r.company_id,
      created_at: new Date(r.created_at),
      link: r.link,
      texts: r.texts,
    }));
  }

  /**
   * Records what one batch found and moves the run's cursor past it, in one transaction. A number
   * found again in the same place adds nothing (the unique place-and-number index); one an
   * administrator marked removed but that is still there is opened again. Answers how many were new.
   */
  async recordBatch(
    tx: Transaction,
    sweepId: number,
    found: NewFinding[],
    cursor: { source: GuardFindingSource; id: number; scanned: number },
  ): Promise<number> {
    let added = 0;
    if (found.length > 0) {
      const rows = await tx
        .insert(findings)
        .values(found.map((f) => ({ ...f, first_sweep_id: sweepId, last_seen_sweep_id: sweepId })))
        .onConflictDoUpdate({
          target: [findings.source, findings.content_id, findings.field, findings.number_hash],
          set: {
            last_seen_sweep_id: sweepId,
            status: sql`case when ${findings.status} = 'removed' then 'open' else ${findings.status} end`,
            handled_at: sql`case when ${findings.status} = 'removed' then null else ${findings.handled_at} end`,
            handled_by_user_id: sql`case when ${findings.status} = 'removed' then null else ${findings.handled_by_user_id} end`,
          },
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      added = rows.filter((r) => r.inserted).length;
    }
    await tx
      .update(sweeps)
      .set({
        cursor_source: cursor.source,
        cursor_id: cursor.id,
        scanned: sql`${sweeps.scanned} + ${cursor.scanned}`,
        found: sql`${sweeps.found} + ${added}`,
      })
      .where(eq(sweeps.id, sweepId));
    return added;
  }

  /** A new run, unless one is queued or running (the partial unique index): then null. */
  async createSweep(reason: 'manual' | 'rules', rulesVersion: number, requestedBy: number | null): Promise<SweepRow | null> {
    const [row] = await this.db
      .insert(sweeps)
      .values({ reason, rules_version: rulesVersion, requested_by_user_id: requestedBy })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  async activeSweep(): Promise<SweepRow | null> {
    const [row] = await this.db.select().from(sweeps).where(inArray(sweeps.status, ['queued', 'running'])).limit(1);
    return row ?? null;
  }

  async latestSweep(): Promise<SweepRow | null> {
    const [row] = await this.db.select().from(sweeps).orderBy(sql`${sweeps.id} desc`).limit(1);
    return row ?? null;
  }

  /** The newest rules version a run was made for (queued, running or done), or null when none was. */
  async sweptRulesVersion(): Promise<number | null> {
    const [row] = await this.db
      .select({ v: sql<number | null>`max(${sweeps.rules_version})` })
      .from(sweeps)
      .where(inArray(sweeps.status, ['queued', 'running', 'done']));
    return row?.v ?? null;
  }

  /** Takes a queued run (or resumes one a killed worker left running) with the rules this code has. */
  async claimSweep(id: number, rulesVersion: number): Promise<SweepRow | null> {
    const [row] = await this.db
      .update(sweeps)
      .set({ status: 'running', rules_version: rulesVersion, started_at: sql`coalesce(${sweeps.started_at}, now())` })
      .where(sql`${sweeps.id} = ${id} and ${sweeps.status} in ('queued', 'running')`)
      .returning();
    return row ?? null;
  }

  async finishSweep(id: number, status: 'done' | 'failed'): Promise<void> {
    await this.db.update(sweeps).set({ status, finished_at: sql`now()` }).where(eq(sweeps.id, id));
  }

  private findingsQuery() {
    const author = sql<FindingRow['author']>`coalesce(
      (select json_build_object('type', 'company', 'id', c.id, 'slug', c.slug, 'name', c.name) from partner_companies c where c.id = ${findings.author_company_id}),
      (select json_build_object('type', 'user', 'id', u.id, 'slug', u.slug, 'name', u.first_name || ' ' || u.last_name) from users u where u.id = ${findings.author_user_id}))`;
    const handledBy = sql<FindingRow['handled_by']>`(select json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) from users u where u.id = ${findings.handled_by_user_id})`;
    return this.db
      .select({
        id: findings.id,
        source: findings.source,
        field: findings.field,
        content_id: findings.content_id,
        link: findings.link,
        masked: findings.masked,
        could_be_account: findings.could_be_account,
        author,
        content_created_at: findings.content_created_at,
        status: findings.status,
        handled_by: handledBy,
        handled_at: findings.handled_at,
        created_at: findings.created_at,
      })
      .from(findings)
      .$dynamic();
  }

  /** The admin list: one status, newest first, through `guard_findings_status_created_idx`. */
  findings(status: GuardFindingStatus): PageSource<FindingRow> {
    const where = eq(findings.status, status);
    const order = [
      [findings.created_at, 'desc', 'last'],
      [findings.id, 'desc', 'last'],
    ] as const;
    return {
      count: async () => (await this.db.select({ n: count() }).from(findings).where(where))[0]?.n ?? 0,
      read: (slice: Slice) => {
        const ids = this.db.select({ id: findings.id }).from(findings).where(where).orderBy(...orderFor(order, slice.fromEnd)).limit(slice.limit).offset(slice.offset);
        return this.findingsQuery().where(inArray(findings.id, ids)).orderBy(...orderFor(order, slice.fromEnd));
      },
    };
  }

  async finding(id: number): Promise<FindingRow | null> {
    const [row] = await this.findingsQuery().where(eq(findings.id, id)).limit(1);
    return row ?? null;
  }

  async decideFinding(id: number, status: 'removed' | 'not_a_number', adminId: number): Promise<void> {
    await this.db.update(findings).set({ status, handled_by_user_id: adminId, handled_at: sql`now()` }).where(eq(findings.id, id));
  }

  /** Account erasure: findings in the person's content go; what they settled or asked for stays, without them. */
  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(schema.guardFindings).where(eq(schema.guardFindings.author_user_id, userId));
    await tx.update(schema.guardFindings).set({ handled_by_user_id: null }).where(eq(schema.guardFindings.handled_by_user_id, userId));
    await tx.update(schema.guardSweeps).set({ requested_by_user_id: null }).where(eq(schema.guardSweeps.requested_by_user_id, userId));
  }
}
