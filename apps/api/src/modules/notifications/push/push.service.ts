import { createECDH, createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { Injectable, Logger } from '@nestjs/common';
import { type PushDevice, type PushPayload, type PushSubscriptionInput, pageMeta, type PageQuery, type PageMeta } from '@legenett/contracts';
import webpush from 'web-push';
import { type AppConfig, InjectConfig } from '../../../config';
import { AppError } from '../../../common/errors/app-error';
import { JobOutbox } from '../../../common/outbox';
import { type Transaction } from '../../../database/unit-of-work';
import { describeDevice } from '../../users';
import { checkPushEndpoint, guardedLookup, PushAddressRefused } from './push-address';
import { type PushSubscriptionRow, PushSubscriptionsRepository } from './push-subscriptions.repository';

/** One push to one device: written by `notifications.create` and run by NotificationsService (its payload rendered when it runs). */
export const NOTIFICATIONS_PUSH_JOB = 'notifications.push';

/** What the push is about: a bell entry (rendered as it is when the job runs), or one notification when the in-app channel is off. */
export type PushAbout<N> = { group_id: number } | { notification: N };
/**
 * The job's payload: the device and the entry, or the device and the notification's own fields at the
 * top (`data` among them), so that a message edited or deleted before the push goes is patched in the
 * job like the `notifications.create` jobs (`NotificationsService.rewriteSnapshot`).
 */
export type NotificationPushJob<N> = { subscription_id: number } & ({ user_id: number; group_id: number } | N);

/** The pushes of one user's notification: due at `notBefore`, one per device and `dedupe` key when given. */
export interface PushPlan<N> {
  userId: number;
  about: PushAbout<N>;
  notBefore: Date;
  dedupe: string | null;
}

/** How the push service answered one push. */
export type PushOutcome = 'sent' | 'gone' | 'refused' | 'rejected';

export interface PushDelivery {
  payload: PushPayload;
  /** Seconds the push service keeps the message for an offline device. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Collapses the pending messages of one conversation (or grouped post) to the newest one. */
  topicOf: string;
}

/** A failure worth trying again (5xx, 429, the network): the outbox retries with back-off. */
export class PushRetry extends Error {}

/** The longest a push request may take (connect, send, answer). */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * RFC 8030 `Topic`: at most 32 characters of the URL-safe base64 alphabet. The tag (one per
 * conversation or grouped entry) hashed, so that a burst on one conversation collapses at the push
 * service to the newest message while the device is away, and the topic says nothing readable.
 */
export function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest().subarray(0, 24).toString('base64url');
}

function deviceOf(row: PushSubscriptionRow): PushDevice {
  let host = '';
  try {
    host = new URL(row.endpoint).host;
  } catch {
    host = '';
  }
  return {
    id: row.id,
    device: { browser: row.device_browser, system: row.device_system },
    push_service: host,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

/**
 * Push subscriptions per device (add, list, remove) and the sending of one push (RFC 8030) with the
 * message encrypted for the device (RFC 8291, aes128gcm) and signed by the server's VAPID key
 * (RFC 8292), by the `web-push` library; the request itself is sent here, to the address the endpoint
 * rule checked (push-address.ts). See docs/push-and-pwa.md.
 */
@Injectable()
export class PushService {
  private readonly logger = new Logger('Push');

  constructor(
    private readonly repository: PushSubscriptionsRepository,
    private readonly outbox: JobOutbox,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  vapidKey(): { data: { public_key: string } } {
    return { data: { public_key: this.config.push.vapidPublicKey } };
  }

  async subscribe(userId: number, input: PushSubscriptionInput, userAgent: string | null): Promise<{ data: PushDevice }> {
    const verdict = checkPushEndpoint(input.endpoint, { allowLoopbackHttp: this.config.push.allowLoopbackHttp });
    if (verdict !== 'ok') {
      throw new AppError('VALIDATION', { fields: { endpoint: [verdict === 'private' ? 'validation.push_endpoint_private' : 'validation.push_endpoint'] } });
    }
    // A key that is not a point of P-256 would make every push fail: refused now, on its field.
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      ecdh.computeSecret(Buffer.from(input.keys.p256dh, 'base64url'));
    } catch {
      throw new AppError('VALIDATION', { fields: { 'keys.p256dh': ['validation.push_key'] } });
    }
    const device = describeDevice(userAgent);
    const row = await this.repository.upsert({
      user_id: userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      device_browser: device.browser,
      device_system: device.system,
    });
    return { data: deviceOf(row) };
  }

  async list(userId: number, q: PageQuery): Promise<{ data: PushDevice[]; meta: PageMeta }> {
    const { rows, total } = await this.repository.page(userId, q.page, q.per_page);
    return { data: rows.map(deviceOf), meta: pageMeta(total, q.page, q.per_page) };
  }

  async remove(userId: number, id: number): Promise<void> {
    if (!(await this.repository.removeOwn(userId, id))) throw AppError.notFound();
  }

  /**
   * In the transaction of the notification: one push job per device of the user, due at `notBefore`
   * (the end of the quiet hours, or now). A push held back for the quiet hours is one per device and
   * entry and morning (`dedupe`): the burst of a night is one push at 07:00, rendered then.
   */
  async schedule<N>(tx: Transaction, userId: number, about: PushAbout<N>, notBefore: Date, dedupe: string | null): Promise<void> {
    await this.scheduleMany(tx, [{ userId, about, notBefore, dedupe }]);
  }

  /** `schedule` for several users at once: their devices read in one statement, the jobs written in one. */
  async scheduleMany<N>(tx: Transaction, pushes: readonly PushPlan<N>[]): Promise<void> {
    if (pushes.length === 0) return;
    const devices = pushes.length === 1 ? await this.repository.ofUser(pushes[0]!.userId, tx) : await this.repository.ofUsers([...new Set(pushes.map((p) => p.userId))], tx);
    const devicesOf = new Map<number, PushSubscriptionRow[]>();
    for (const d of devices) devicesOf.set(d.user_id, [...(devicesOf.get(d.user_id) ?? []), d]);
    await this.outbox.add(
      tx,
      pushes.flatMap(({ userId, about, notBefore, dedupe }) =>
        (devicesOf.get(userId) ?? []).map((d) => ({
          name: NOTIFICATIONS_PUSH_JOB,
          payload: { subscription_id: d.id, ...('group_id' in about ? { user_id: userId, group_id: about.group_id } : about.notification) } as NotificationPushJob<N>,
          dedupeKey: dedupe === null ? undefined : `notification-push:${d.id}:${dedupe}`,
          userIds: [userId],
          notBefore,
        })),
      ),
    );
  }

  /** The device of a push job, when it is still this user's. */
  async device(subscriptionId: number, userId: number): Promise<PushSubscriptionRow | null> {
    return this.repository.findOwn(subscriptionId, userId);
  }

  /**
   * Sends one push. 2xx: sent (the device's last use moves). 404/410: the subscription is gone, the
   * device is removed. A host that resolves to a private address now: refused, the device removed.
   * 429, 5xx, a timeout or a network error: `PushRetry` (the job is tried again with back-off).
   * Another 4xx (a payload or key the service refuses): logged, not retried.
   */
  async send(device: PushSubscriptionRow, delivery: PushDelivery): Promise<PushOutcome> {
    const details = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(delivery.payload),
      {
        TTL: delivery.ttl,
        urgency: delivery.urgency,
        topic: topicOf(delivery.topicOf),
        contentEncoding: 'aes128gcm',
        vapidDetails: { subject: this.config.push.subject, publicKey: this.config.push.vapidPublicKey, privateKey: this.config.push.vapidPrivateKey },
      },
    );
    // The rule again at send time: a device stored under an older, looser rule is not called.
    if (checkPushEndpoint(device.endpoint, { allowLoopbackHttp: this.config.push.allowLoopbackHttp }) !== 'ok') {
      await this.repository.remove(device.id);
      return 'refused';
    }
    let status: number;
    try {
      status = await this.post(details.endpoint, details.headers, details.body);
    } catch (err) {
      if (err instanceof PushAddressRefused) {
        this.logger.warn(`Push device #${device.id} removed: ${err.message}`);
        await this.repository.remove(device.id);
        return 'refused';
      }
      throw new PushRetry(`push to device #${device.id} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (status >= 200 && status < 300) {
      await this.repository.markUsed(device.id);
      return 'sent';
    }
    if (status === 404 || status === 410) {
      await this.repository.remove(device.id);
      return 'gone';
    }
    if (status === 429 || status >= 500) throw new PushRetry(`push service answered ${status} for device #${device.id}`);
    this.logger.warn(`Push service refused a push to device #${device.id} with ${status}; not retried`);
    return 'rejected';
  }

  /** POSTs the encrypted message to the checked address; answers the status (the body is drained). */
  private post(endpoint: string, headers: Record<string, string | number>, body: Buffer): Promise<number> {
    const url = new URL(endpoint);
    const client = url.protocol === 'https:' ? https : http;
    const lookup = guardedLookup({ allowLoopbackHttp: this.config.push.allowLoopbackHttp });
    return new Promise((resolve, reject) => {
      const req = client.request(
        url,
        { method: 'POST', headers: { ...headers, 'Content-Length': body.length }, lookup, timeout: PUSH_TIMEOUT_MS },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${PUSH_TIMEOUT_MS} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  }
}
