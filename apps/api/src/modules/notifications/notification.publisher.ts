import { Injectable } from '@nestjs/common';
import { NOTIFICATIONS_CREATE_JOB, type NotificationJobPayload } from '@legenett/contracts';
import { isActor } from '../../common/access';
import { JobOutbox } from '../../common/outbox';
import { type Transaction } from '../../database/unit-of-work';

/**
 * One job for one notification to many people (`NotificationPublisher.publishToMany`): the
 * notification's fields once and the recipients' ids (`user_ids`, which account erasure trims).
 */
export const NOTIFICATIONS_CREATE_MANY_JOB = 'notifications.create-many';
export type NotificationToMany = Omit<NotificationJobPayload, 'user_id'> & { user_ids: number[] };

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
   * The same notification to many people (the members of a group conversation): one job, one outbox
   * row, whose handler writes every recipient's bell entry in one statement; each recipient's rules
   * (settings, quiet hours, grouping, pushes, e-mail) apply as for `publish`. The actor is dropped; a
   * single recipient is an ordinary `publish`.
   */
  async publishToMany(tx: Transaction, notification: Omit<NotificationJobPayload, 'user_id'>, userIds: readonly number[]): Promise<void> {
    const ids = [...new Set(userIds)].filter((id) => !isActor(notification.actor_user_id, id));
    if (ids.length === 0) return;
    if (ids.length === 1) return this.publish(tx, { ...notification, user_id: ids[0]! });
    await this.outbox.add(tx, {
      name: NOTIFICATIONS_CREATE_MANY_JOB,
      payload: { ...notification, user_ids: ids } satisfies NotificationToMany,
      userIds: [...ids, notification.actor_user_id],
    });
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
