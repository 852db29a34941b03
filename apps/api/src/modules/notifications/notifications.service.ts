import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  type Notification,
  NOTIFICATIONS_CREATE_JOB,
  type NotificationJobPayload,
  type PageQuery,
  type PageMeta,
} from '@legenett/contracts';
import { type Principal } from '../../common/auth';
import { readPage } from '../../common/lists';
import { JobOutbox, type OutboxJobContext } from '../../common/outbox';
import { NotificationsRepository } from './notifications.repository';
import { UnreadBus } from './unread-bus';

/** Notifications: created by the `notifications.create` job only, listed and marked read by their owner. */
@Injectable()
export class NotificationsService implements OnModuleInit {
  private readonly logger = new Logger('Notifications');
  private publishFailing = false;

  constructor(
    private readonly repository: NotificationsRepository,
    private readonly outbox: JobOutbox,
    private readonly bus: UnreadBus,
  ) {}

  onModuleInit(): void {
    this.outbox.handle<NotificationJobPayload>(NOTIFICATIONS_CREATE_JOB, (job) => this.create(job));
  }

  /**
   * The job handler: one row, written with the job's done mark (`once`), so a second run of the job
   * finds it done and adds none; then a ping to the user's live streams. A user's own action is skipped.
   */
  private async create({ payload, once }: OutboxJobContext<NotificationJobPayload>): Promise<void> {
    if (payload.actor_user_id !== null && payload.actor_user_id === payload.user_id) return;
    if (await once((tx) => this.repository.insert(payload, tx))) await this.ping(payload.user_id);
  }

  async list(
    me: Principal,
    q: PageQuery,
  ): Promise<{ data: Notification[]; meta: PageMeta; unreadCount: number }> {
    const [{ rows, meta }, unreadCount] = await Promise.all([
      readPage(q, this.repository.list(me.userId)),
      this.repository.unreadCount(me.userId),
    ]);
    return {
      data: rows.map((r) => ({
        ...r,
        read_at: r.read_at ? r.read_at.toISOString() : null,
        created_at: r.created_at.toISOString(),
      })),
      meta,
      unreadCount,
    };
  }

  async markRead(me: Principal, ids: number[]): Promise<{ unreadCount: number }> {
    const changed = await this.repository.markRead(me.userId, [...new Set(ids)]);
    if (changed > 0) await this.ping(me.userId);
    return { unreadCount: await this.repository.unreadCount(me.userId) };
  }

  async markAllRead(me: Principal): Promise<{ unreadCount: number }> {
    const changed = await this.repository.markAllRead(me.userId);
    if (changed > 0) await this.ping(me.userId);
    return { unreadCount: await this.repository.unreadCount(me.userId) };
  }

  /** The user has seen what these notifications are about (e.g. read the conversation): they go read. */
  async markEntityRead(userId: number, entityType: 'conversation', entityId: number): Promise<void> {
    if ((await this.repository.markEntityRead(userId, entityType, entityId)) > 0) await this.ping(userId);
  }

  unreadCount(userId: number): Promise<number> {
    return this.repository.unreadCount(userId);
  }

  /** Listen for changes of a user's unread count (all replicas). */
  onChange(userId: number, listener: () => void): Promise<() => void> {
    return this.bus.subscribe(userId, listener);
  }

  private async ping(userId: number): Promise<void> {
    try {
      await this.bus.publish(userId);
      if (this.publishFailing) this.logger.log('Unread count publishes again');
      this.publishFailing = false;
    } catch (error) {
      // The row is stored; a missed live update only delays the count until the next change.
      // Logged once per outage, not once per notification (the fault tier saw hundreds).
      if (!this.publishFailing) {
        this.logger.warn(
          `Unread count publish failed (live counts wait until Redis is back): ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      this.publishFailing = true;
    }
  }
}
