import { Injectable } from '@nestjs/common';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { orderFor, type PageSource, type Slice } from '../../common/lists';
import { InjectDatabase } from '../../database/database.module';

const { messageReports } = schema;

export interface ReportRow {
  id: number;
  status: (typeof schema.MESSAGE_REPORT_STATUSES)[number];
  reason: string;
  reporter: { id: number; name: string } | null;
  reported: { id: number; slug: string; name: string } | null;
  messages: schema.ReportedMessage[];
  created_at: Date;
  decided_at: Date | null;
  decided_by: { id: number; name: string } | null;
}

/** Reports of messages (the reporter's side and the administrators' queue). */
@Injectable()
export class ReportsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /**
   * Whether this reporter has an open report holding any of these messages (one open report per
   * reporter and message). Through `message_reports_reporter_idx`: a reporter's reports are few.
   */
  async hasOpenReport(reporterId: number, conversationId: number, messageIds: number[], tx?: Transaction): Promise<boolean> {
    if (messageIds.length === 0) return false;
    const [row] = await (tx ?? this.db)
      .select({ one: sql<number>`1` })
      .from(messageReports)
      .where(
        and(
          eq(messageReports.reporter_user_id, reporterId),
          eq(messageReports.conversation_id, conversationId),
          eq(messageReports.status, 'open'),
          sql`exists (select 1 from jsonb_array_elements(${messageReports.messages}) as m where (m->>'id')::bigint = any(${sql.param(messageIds)}::bigint[]))`,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Reports of one reporter are made one at a time (a transaction lock), so two at once cannot both pass the check. */
  async lockReporter(tx: Transaction, reporterId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('message-report'), ${reporterId})`);
  }

  async insertReport(
    tx: Transaction,
    r: { conversation_id: number; reporter_user_id: number; reported_user_id: number | null; reason: string; messages: schema.ReportedMessage[] },
  ): Promise<number> {
    const [row] = await tx.insert(messageReports).values(r).returning({ id: messageReports.id });
    return row!.id;
  }

  private reportsQuery() {
    const reporter = sql<{ id: number; name: string } | null>`(select json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) from users u where u.id = ${messageReports.reporter_user_id})`;
    const reported = sql<{ id: number; slug: string; name: string } | null>`(select json_build_object('id', u.id, 'slug', u.slug, 'name', u.first_name || ' ' || u.last_name) from users u where u.id = ${messageReports.reported_user_id})`;
    const decidedBy = sql<{ id: number; name: string } | null>`(select json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) from users u where u.id = ${messageReports.decided_by_user_id})`;
    return this.db
      .select({
        id: messageReports.id,
        status: messageReports.status,
        reason: messageReports.reason,
        reporter,
        reported,
        messages: messageReports.messages,
        created_at: messageReports.created_at,
        decided_at: messageReports.decided_at,
        decided_by: decidedBy,
      })
      .from(messageReports)
      .$dynamic();
  }

  /** The reports in one status, newest first, through `message_reports_status_created_idx`. */
  reports(status: (typeof schema.MESSAGE_REPORT_STATUSES)[number]): PageSource<ReportRow> {
    return this.reportPage(eq(messageReports.status, status));
  }

  /** Every report, newest first (the queue's "Alle"), through `message_reports_created_idx`. */
  allReports(): PageSource<ReportRow> {
    return this.reportPage(undefined);
  }

  private reportPage(where: SQL | undefined): PageSource<ReportRow> {
    const order = [
      [messageReports.created_at, 'desc', 'last'],
      [messageReports.id, 'desc', 'last'],
    ] as const;
    return {
      count: async () => (await this.db.select({ n: count() }).from(messageReports).where(where))[0]?.n ?? 0,
      read: (slice: Slice) => this.reportsQuery().where(where).orderBy(...orderFor(order, slice.fromEnd)).limit(slice.limit).offset(slice.offset),
    };
  }

  async report(id: number): Promise<ReportRow | null> {
    const [row] = await this.reportsQuery().where(eq(messageReports.id, id)).limit(1);
    return row ?? null;
  }

  async decideReport(tx: Transaction, id: number, status: 'dismissed' | 'warned' | 'suspended', adminId: number): Promise<void> {
    await tx
      .update(messageReports)
      .set({ status, decided_by_user_id: adminId, decided_at: sql`now()` })
      .where(eq(messageReports.id, id));
  }
}
