import { Injectable } from '@nestjs/common';
import { NOTIFICATIONS_CREATE_JOB, type NotificationJobPayload } from '@legenett/contracts';
import { isActor } from '../../common/access';
import { JobOutbox } from '../../common/outbox';
import { type Transaction } from '../../database/unit-of-work';

/**
 * The one way a module notifies someone: `publish(tx, payload)` inside the transaction that wrote
 * the thing being notified about (UnitOfWork.run). The `notifications.create` job goes into the
 * job outbox with that transaction, so the user's action and its notification commit together;
 * the relay delivers it after the commit and retries while the queue is down. Never awaits Redis,
 * never fails the user's action because of the queue. See docs/how-to/notify.md.
 */
@Injectable()
export class NotificationPublisher {
  constructor(private readonly outbox: JobOutbox) {}

  /**
   * `dedupeKey` makes a second publish with the same key a no-op (e.g. one per decision). A key
   * names one notification; for several, pass a function that gives each recipient's own key
   * (e.g. `course-cancelled:<id>:<user>`). A notification about one's own action is dropped here
   * already (the job would skip it anyway).
   */
  async publish(
    tx: Transaction,
    notifications: NotificationJobPayload | readonly NotificationJobPayload[],
    dedupeKey?: string | ((notification: NotificationJobPayload) => string),
  ): Promise<void> {
    const list = (Array.isArray(notifications) ? notifications : [notifications]) as readonly NotificationJobPayload[];
    const jobs = list
      .filter((n) => !isActor(n.actor_user_id, n.user_id))
      .map((payload) => ({
        name: NOTIFICATIONS_CREATE_JOB,
        payload,
        dedupeKey: typeof dedupeKey === 'function' ? dedupeKey(payload) : dedupeKey,
        userIds: [payload.user_id, payload.actor_user_id],
      }));
    if (typeof dedupeKey === 'string' && jobs.length > 1) throw new RangeError('A dedupe key names one notification');
    await this.outbox.add(tx, jobs);
  }

  /**
   * Several notifications of one event, each with its own dedupe key (one per recipient: alert
   * matches, mentions), written in one statement. The actor's own are dropped as in `publish`.
   */
  async publishEach(tx: Transaction, items: readonly { notification: NotificationJobPayload; dedupeKey: string }[]): Promise<void> {
    const jobs = items
      .filter(({ notification: n }) => !isActor(n.actor_user_id, n.user_id))
      .map(({ notification, dedupeKey }) => ({
        name: NOTIFICATIONS_CREATE_JOB,
        payload: notification,
        dedupeKey,
        userIds: [notification.user_id, notification.actor_user_id],
      }));
    await this.outbox.add(tx, jobs);
  }
}
