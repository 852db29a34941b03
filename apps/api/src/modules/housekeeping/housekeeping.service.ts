import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { Scheduler } from '../../common/queue';
import { HousekeepingRepository } from './housekeeping.repository';

export const HOUSEKEEPING_PURGE_JOB = 'housekeeping.purge';
/** Rows per statement: short transactions and locks, however much has piled up. */
export const PURGE_BATCH_SIZE = 1000;

export interface PurgeCounts {
  emailVerificationCodes: number;
  passwordResetTokens: number;
  emailChanges: number;
  identitySessions: number;
  refreshTokenFamilies: number;
  sentOutboxMessages: number;
  doneJobs: number;
  failedJobs: number;
}

/**
 * Removes what has outlived its use: expired codes and tokens, identity sessions, ended login
 * sessions, delivered outbox mail, outbox jobs that ran or failed for good, each some retention time after it ended (config). Runs as a
 * scheduled job: hourly by default, once across all workers (common/queue/scheduler.ts).
 */
@Injectable()
export class HousekeepingService implements OnModuleInit {
  private readonly logger = new Logger('Housekeeping');

  constructor(
    private readonly repo: HousekeepingRepository,
    private readonly scheduler: Scheduler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A scheduled job (common/queue/scheduler.ts): once per interval across every worker. */
  onModuleInit(): void {
    this.scheduler.every(HOUSEKEEPING_PURGE_JOB, this.config.housekeeping.intervalMs, () => this.purge());
  }

  async purge(options: { now?: Date; batchSize?: number } = {}): Promise<PurgeCounts> {
    const now = (options.now ?? new Date()).getTime();
    const batchSize = options.batchSize ?? PURGE_BATCH_SIZE;
    const { expiredTokenRetentionMs, endedSessionRetentionMs, sentOutboxRetentionMs, doneJobRetentionMs, failedJobRetentionMs } =
      this.config.housekeeping;
    const tokensBefore = new Date(now - expiredTokenRetentionMs);
    // A completed identity session may still register for one session lifetime after it completed.
    const identityBefore = new Date(
      now - expiredTokenRetentionMs - this.config.identity.sessionTtlSeconds * 1000,
    );
    const sessionsBefore = new Date(now - endedSessionRetentionMs);
    const outboxBefore = new Date(now - sentOutboxRetentionMs);
    const jobsBefore = new Date(now - doneJobRetentionMs);
    const failedJobsBefore = new Date(now - failedJobRetentionMs);
    const drain = async (step: (limit: number) => Promise<number>): Promise<number> => {
      let total = 0;
      for (;;) {
        const done = await step(batchSize);
        total += done;
        if (done < batchSize) return total;
      }
    };
    const counts: PurgeCounts = {
      emailVerificationCodes: await drain((n) => this.repo.deleteEmailVerificationCodes(tokensBefore, n)),
      passwordResetTokens: await drain((n) => this.repo.deletePasswordResetTokens(tokensBefore, n)),
      emailChanges: await drain((n) => this.repo.clearEmailChanges(tokensBefore, n)),
      identitySessions: await drain((n) => this.repo.deleteIdentitySessions(identityBefore, n)),
      refreshTokenFamilies: await drain((n) => this.repo.deleteRefreshTokenFamilies(sessionsBefore, n)),
      sentOutboxMessages: await drain((n) => this.repo.deleteSentOutboxMessages(outboxBefore, n)),
      doneJobs: await drain((n) => this.repo.deleteDoneJobs(jobsBefore, n)),
      failedJobs: await drain((n) => this.repo.deleteFailedJobs(failedJobsBefore, n)),
    };
    const purged = Object.entries(counts).filter(([, n]) => n > 0);
    if (purged.length > 0) this.logger.log(`Purged ${purged.map(([what, n]) => `${n} ${what}`).join(', ')}`);
    return counts;
  }
}
