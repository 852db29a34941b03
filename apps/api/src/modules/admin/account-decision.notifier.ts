import { Inject, Injectable } from '@nestjs/common';
import { type AccountDecisionKind, type AccountStatus, webLink, webRoutes } from '@legenett/contracts';
import { APP_CONFIG, type AppConfig } from '../../config';
import { MailService } from '../../common/mail';
import { type Transaction } from '../../database/unit-of-work';
import { NotificationPublisher } from '../notifications';
import { AdminRepository } from './admin.repository';

export interface AccountDecisionNotice {
  userId: number;
  adminId: number;
  decisionId: number;
  decision: AccountDecisionKind;
  status: AccountStatus;
  reason: string | null;
}

/**
 * Tells a user about a decision on their account: a notification of kind `account_decision` and
 * an e-mail in the user's language, both written in the decision's transaction (job outbox), so
 * a decision is never without them and never has them twice. Delivery happens after the commit.
 */
@Injectable()
export class AccountDecisionNotifier {
  constructor(
    private readonly notifications: NotificationPublisher,
    private readonly mail: MailService,
    private readonly repo: AdminRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async notify(tx: Transaction, n: AccountDecisionNotice): Promise<void> {
    await this.notifications.publish(tx, {
      user_id: n.userId,
      kind: 'account_decision',
      actor_user_id: n.adminId,
      partner_company_id: null,
      entity_type: 'account_decision',
      entity_id: n.decisionId,
      data: { decision: n.decision, status: n.status, reason: n.reason },
    });
    const recipient = await this.repo.mailRecipient(n.userId, tx);
    if (!recipient) return;
    const name = recipient.first_name;
    const base = { to: recipient.email, locale: recipient.locale, userId: n.userId };
    if (n.decision === 'approved') {
      await this.mail.send({ ...base, template: 'account_approved', vars: { name, link: webLink(this.config.publicUrl, webRoutes.feed) } }, tx);
    } else if (n.decision === 'rejected') {
      await this.mail.send({ ...base, template: 'account_rejected', vars: { name, reason: n.reason ?? '' } }, tx);
    } else if (n.decision === 'blocked') {
      await this.mail.send({ ...base, template: 'account_blocked', vars: { name, reason: n.reason ?? '' } }, tx);
    } else if (n.decision === 'unblocked') {
      await this.mail.send({ ...base, template: 'account_unblocked', vars: { name, link: webLink(this.config.publicUrl, webRoutes.login) } }, tx);
    }
  }
}
