import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { type AlertDigestMatch, type AlertFrequency, type AlertType, type NotificationJobPayload } from '@legenett/contracts';
import { APP_CONFIG, type AppConfig } from '../../config';
import { JobOutbox, type OutboxJobContext } from '../../common/outbox';
import { Scheduler } from '../../common/queue';
import { type Transaction } from '../../database/unit-of-work';
import { NotificationPublisher } from '../notifications';
import { type MatchRow, AlertsRepository } from './alerts.repository';

export const ALERTS_MATCH_JOB = 'alerts.match';
export const ALERTS_SWEEP_JOB = 'alerts.sweep';
/** The sweep of scheduled items runs at most this far apart (sooner when housekeeping runs sooner). */
const SWEEP_EVERY_MS = 5 * 60_000;
const SWEEP_BATCH = 500;

export interface AlertMatchJob {
  type: AlertType;
  id: number;
}

/** The dedupe key of an item's match job; the sweep's differs, so it is never swallowed by a done job of the request. */
const matchKey = (job: AlertMatchJob, from: 'request' | 'sweep') => `alerts.match:${job.type}:${job.id}${from === 'sweep' ? ':due' : ''}`;

/**
 * What the modules call when an item appears: a job posted, a course approved, a petition
 * published, a video published. Writes the match job into the caller's transaction (the outbox),
 * so the matching runs after the commit, once.
 */
@Injectable()
export class AlertTrigger {
  constructor(private readonly outbox: JobOutbox) {}

  /** `tx` null: in a transaction of its own (after a write that has none to share). */
  async itemAppeared(tx: Transaction | null, type: AlertType, id: number): Promise<void> {
    const job: AlertMatchJob = { type, id };
    await this.outbox.add(tx, { name: ALERTS_MATCH_JOB, payload: job, dedupeKey: matchKey(job, 'request') });
  }
}

/**
 * The matching: a new item's alerts found through the match index, recorded once per (alert,
 * item) in `alert_matches`, and one `alert_match` notification per user with an immediate alert
 * among them. Daily and weekly matches wait for the digest (`AlertsDigestReader`).
 */
@Injectable()
export class AlertMatcher implements OnModuleInit {
  private readonly logger = new Logger('Alerts');

  constructor(
    private readonly repository: AlertsRepository,
    private readonly outbox: JobOutbox,
    private readonly scheduler: Scheduler,
    private readonly notifications: NotificationPublisher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.outbox.handle<AlertMatchJob>(ALERTS_MATCH_JOB, (job) => this.match(job));
    // A scheduled job (common/queue/scheduler.ts): once per interval across every worker; none in an api process.
    const { intervalMs } = this.config.housekeeping;
    this.scheduler.every(ALERTS_SWEEP_JOB, Math.min(intervalMs, SWEEP_EVERY_MS), () => this.sweep());
  }

  /**
   * The job handler. Reads first (an item not visible now, e.g. scheduled for later, is left to the
   * sweep; one matched already is done), then writes the matches and the notifications with the
   * job's done mark. A second run finds the mark; a second job for the item (the sweep's) writes no
   * row twice (the unique key) and so notifies nobody twice.
   */
  private async match({ payload, once }: OutboxJobContext<AlertMatchJob>): Promise<void> {
    const { type, id } = payload;
    const facets = await this.repository.facets(type, id);
    if (!facets || (await this.repository.scanned(type, id))) return;
    await once(async (tx) => {
      const rows = await this.repository.recordMatches(type, id, facets, tx);
      await this.notify(tx, type, id, facets.title, rows);
    });
  }

  /** One notification per user told at once, naming the first of their alerts that matched. */
  private async notify(tx: Transaction, type: AlertType, id: number, title: string, rows: MatchRow[]): Promise<void> {
    const perUser = new Map<number, MatchRow[]>();
    for (const r of rows) {
      if (r.frequency !== 'immediate') continue;
      const list = perUser.get(r.user_id);
      if (list) list.push(r);
      else perUser.set(r.user_id, [r]);
    }
    const items = [...perUser.entries()].map(([userId, matched]) => ({
      notification: {
        user_id: userId,
        kind: 'alert_match',
        actor_user_id: null,
        partner_company_id: null,
        entity_type: type,
        entity_id: id,
        data: { item_type: type, title, alert_id: matched[0]!.alert_id, alert_name: matched[0]!.name, alert_count: matched.length },
      } satisfies NotificationJobPayload,
      dedupeKey: `alert-match:${type}:${id}:${userId}`,
    }));
    await this.notifications.publishEach(tx, items);
  }

  /** Jobs and videos whose scheduled time has come: their match jobs. Answers how many it queued. */
  async sweep(): Promise<number> {
    const due = await this.repository.dueScheduled(SWEEP_BATCH);
    await this.outbox.add(
      null,
      due.map((job) => ({ name: ALERTS_MATCH_JOB, payload: job, dedupeKey: matchKey(job, 'sweep') })),
    );
    return due.length;
  }
}

/**
 * The digest's one way into alerts (helper `notify` wires it into the digest run): the matches of
 * a user's daily and weekly alerts in a period, newest first, one entry per item however many of
 * their alerts matched it. Items that also matched one of their immediate alerts are not in it
 * (they were notified at once). Served by alert_matches_digest_idx.
 */
@Injectable()
export class AlertsDigestReader {
  constructor(private readonly repository: AlertsRepository) {}

  /**
   * Matches with `since < matched_at <= until` (`until` defaults to now): pass the time of the
   * user's last digest as `since`. `frequencies` picks the alerts of a daily or a weekly digest
   * (default both); at most `limit` (default 50) items.
   */
  matchesSince(
    userId: number,
    since: Date,
    options: { until?: Date; frequencies?: readonly Exclude<AlertFrequency, 'immediate'>[]; limit?: number } = {},
  ): Promise<AlertDigestMatch[]> {
    return this.repository.digestMatches(userId, since, options.until ?? new Date(), options.frequencies ?? ['daily', 'weekly'], Math.min(Math.max(options.limit ?? 50, 1), 500));
  }
  /** `matchesSince` for many readers at once, each with their own `since` (one statement): keyed by user id. */
  matchesSinceMany(
    readers: readonly { userId: number; since: Date }[],
    options: { until?: Date; frequencies?: readonly Exclude<AlertFrequency, 'immediate'>[]; limit?: number } = {},
  ): Promise<Map<number, AlertDigestMatch[]>> {
    return this.repository.digestMatchesMany(readers, options.until ?? new Date(), options.frequencies ?? ['daily', 'weekly'], Math.min(Math.max(options.limit ?? 50, 1), 500));
  }

}
