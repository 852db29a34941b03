import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type AccountDecisionKind, type AccountStatus } from '@legenett/contracts';
import { APP_CONFIG, type AppConfig } from '../../config';
import { type JobContext, JobQueue } from '../../common/queue';
import { MailService } from '../../common/mail';
import { AdminRepository } from './admin.repository';

export const ACCOUNT_DECISION_JOB = 'admin.account-decision';

export interface AccountDecisionJob {
  userId: number;
  adminId: number;
  decisionId: number;
  decision: AccountDecisionKind;
  status: AccountStatus;
  reason: string | null;
}

/**
 * Tells a user about a decision on their account, in a background job (never inside the request):
 * a `notifications` row of kind `account_decision`, then an e-mail in the user's language. The
 * notification insert is idempotent per decision, so a retry after a failed e-mail does not
 * notify twice.
 */
@Injectable()
export class AccountDecisionNotifier implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
    private readonly repo: AdminRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register<AccountDecisionJob>(ACCOUNT_DECISION_JOB, (job) => this.run(job));
  }

  notify(payload: AccountDecisionJob): Promise<void> {
    return this.jobs.enqueue(ACCOUNT_DECISION_JOB, payload);
  }

  private async run({ payload: p }: JobContext<AccountDecisionJob>): Promise<void> {
    await this.repo.insertDecisionNotification({
      userId: p.userId,
      adminId: p.adminId,
      decisionId: p.decisionId,
      data: { decision: p.decision, status: p.status, reason: p.reason },
    });
    const recipient = await this.repo.mailRecipient(p.userId);
    if (!recipient) return;
    const name = recipient.first_name;
    const base = { to: recipient.email, locale: recipient.locale, userId: p.userId };
    if (p.decision === 'approved') {
      await this.mail.send({ ...base, template: 'account_approved', vars: { name, link: `${this.config.publicUrl}/feed` } });
    } else if (p.decision === 'rejected') {
      await this.mail.send({ ...base, template: 'account_rejected', vars: { name, reason: p.reason ?? '' } });
    } else if (p.decision === 'blocked') {
      await this.mail.send({ ...base, template: 'account_blocked', vars: { name, reason: p.reason ?? '' } });
    } else if (p.decision === 'unblocked') {
      await this.mail.send({ ...base, template: 'account_unblocked', vars: { name, link: `${this.config.publicUrl}/login` } });
    }
  }
}
