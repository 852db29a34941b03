import { Injectable } from '@nestjs/common';
import { type ReportListQuery } from '@legenett/contracts';
import { isCaller } from '../../common/access';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { readPage } from '../../common/lists';
import { RateLimitService } from '../../common/rate-limit';
import { UnitOfWork } from '../../database/unit-of-work';
import { NotificationPublisher } from '../notifications';
import { ConversationAccess } from './conversation-access';
import { MESSAGING_SUSPENSION_DAYS, REPORTS_LIMIT } from './messages.limits';
import { reportOut } from './messages.presenter';
import { MessagesRepository } from './messages.repository';
import { fieldError, senderOf } from './parties';
import { ReportsRepository } from './reports.repository';
import { SettingsAndBlocksRepository } from './settings-and-blocks.repository';

const reportOpen = () => new AppError('CONFLICT', { message: 'messages.errors.report_open' });

/** Reports of messages by their readers, and the administrators' decisions on them. */
@Injectable()
export class ModerationService {
  constructor(
    private readonly access: ConversationAccess,
    private readonly messages: MessagesRepository,
    private readonly reports: ReportsRepository,
    private readonly settings: SettingsAndBlocksRepository,
    private readonly publisher: NotificationPublisher,
    private readonly limits: RateLimitService,
    private readonly uow: UnitOfWork,
  ) {}

  async report(me: Principal, conversationId: number, messageIds: number[], reason: string): Promise<void> {
    await this.access.readable(me, conversationId);
    const ids = [...new Set(messageIds)];
    const rows = await this.messages.messagesByIds(conversationId, ids);
    if (rows.length !== ids.length) throw fieldError('message_ids', 'validation.unknown_reference');
    if (rows.some((r) => isCaller(me, senderOf(r)))) throw fieldError('message_ids', 'messages.errors.report_own');
    const senders = new Set(rows.map((r) => r.sender_user_id));
    if (senders.size > 1) throw fieldError('message_ids', 'messages.errors.report_one_sender');
    if (await this.reports.hasOpenReport(me.userId, conversationId, ids)) throw reportOpen();
    // Counted once the report is known to be a new one: a refused report (409, 422) takes no slot.
    await this.limits.consumeForAccount(REPORTS_LIMIT, me.userId);
    await this.uow.run(async (tx) => {
      // One open report per reporter and message: checked again under the reporter's lock.
      await this.reports.lockReporter(tx, me.userId);
      if (await this.reports.hasOpenReport(me.userId, conversationId, ids, tx)) throw reportOpen();
      await this.reports.insertReport(tx, {
        conversation_id: conversationId,
        reporter_user_id: me.userId,
        reported_user_id: rows[0]?.sender_user_id ?? null,
        reason,
        messages: rows.map((r) => ({ id: r.id, seq: r.seq, body: r.body, created_at: r.created_at.toISOString() })),
      });
    });
  }

  async list(q: ReportListQuery) {
    const { rows, meta } = await readPage(q, q.status === 'all' ? this.reports.allReports() : this.reports.reports(q.status));
    return { data: rows.map(reportOut), meta };
  }

  /**
   * Dismiss, warn, or suspend the sender's messaging for a week. A warning or a suspension tells the
   * sender (an `account_decision` notification, in the decision's transaction); the reporter is not
   * named to them, and a dismissal tells nobody.
   */
  async decide(me: Principal, id: number, decision: 'dismiss' | 'warn' | 'suspend') {
    const report = await this.reports.report(id);
    if (!report) throw AppError.notFound();
    if (report.status !== 'open') throw new AppError('CONFLICT', { message: 'messages.errors.report_decided' });
    const status = decision === 'dismiss' ? 'dismissed' : decision === 'warn' ? 'warned' : 'suspended';
    await this.uow.run(async (tx) => {
      await this.reports.decideReport(tx, id, status, me.userId);
      if (status === 'suspended' && report.reported) {
        await this.settings.suspend(report.reported.id, new Date(Date.now() + MESSAGING_SUSPENSION_DAYS * 24 * 3600 * 1000), tx);
      }
      if (status !== 'dismissed' && report.reported) {
        await this.publisher.publish(tx, {
          user_id: report.reported.id,
          kind: 'account_decision',
          actor_user_id: null,
          partner_company_id: null,
          entity_type: null,
          entity_id: null,
          data: { decision: status === 'warned' ? 'messaging_warned' : 'messaging_suspended', report_id: id, days: MESSAGING_SUSPENSION_DAYS },
        });
      }
    });
    return { data: reportOut((await this.reports.report(id))!) };
  }
}
