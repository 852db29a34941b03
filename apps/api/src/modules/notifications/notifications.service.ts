import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { readKeyset } from '../../common/lists';
import {
  encodeNotificationCursor,
  type Notification,
  type NotificationJobPayload,
  type NotificationKind,
  type NotificationMember,
  notificationMessage,
  type NotificationPageQuery,
  notificationPath,
  NOTIFICATION_CATEGORY_OF_KIND,
  type NotificationCategory,
  type Locale,
  NOTIFICATIONS_CREATE_JOB,
  translate,
} from '@legenett/contracts';
import { type AppConfig, InjectConfig } from '../../config';
import { isActor } from '../../common/access';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { MailService } from '../../common/mail';
import { JobOutbox, type OutboxJob, type OutboxJobContext } from '../../common/outbox';
import { type Transaction } from '../../database/unit-of-work';
import { NotificationPreferencesRepository } from './notification-preferences.repository';
import { allowsIn, NotificationPreferencesService, type ResolvedPreferences } from './notification-preferences.service';
import { NOTIFICATIONS_CREATE_MANY_JOB, type NotificationToMany } from './notification.publisher';
import { deliveryTime, GROUP_MAIL_DELAY_MS, groupKeyOf, isGroupedKind } from './notification-rules';
import { type GroupRow, type JoinedGroup, NotificationsRepository } from './notifications.repository';
import { NOTIFICATIONS_PUSH_JOB, type NotificationPushJob, type PushDelivery, type PushPlan, PushService } from './push/push.service';
import { UnreadBus } from './unread-bus';

export const NOTIFICATIONS_EMAIL_JOB = 'notifications.email';

/**
 * The e-mail about one entry: `group_id` renders the group as it is when the job runs (the delay
 * lets "Kari Nordby og 4 andre" gather); `notification` (the in-app channel is off, so no entry was
 * written) renders that one notification.
 */
export type NotificationEmailJob =
  | { user_id: number; group_id: number }
  | { user_id: number; notification: NotificationJobPayload };

/**
 * Kinds whose module sends its own e-mail (with its own template and the preference it checks):
 * account decisions, course decisions, cancellations, reminders and recordings. No second e-mail here.
 */
const MAILED_BY_THEIR_MODULE: ReadonlySet<NotificationKind> = new Set([
  'account_decision',
  'course_decision',
  'course_cancelled',
  'course_reminder',
  'course_recording',
  // modules/messages: its own e-mail when a conversation is still unread after 15 minutes (chat_unread).
  'chat_message',
]);

/** Notifications: created by the `notifications.create` job only, listed and marked read by their owner. */
/** A bell list's cursor from its last row (readKeyset). */
const notificationCursorOf = (last: { cursor_at: string; id: number }): string => encodeNotificationCursor({ at: last.cursor_at, id: last.id });

@Injectable()
export class NotificationsService implements OnModuleInit {
  private readonly logger = new Logger('Notifications');
  private publishFailing = false;

  constructor(
    private readonly repository: NotificationsRepository,
    private readonly outbox: JobOutbox,
    private readonly bus: UnreadBus,
    private readonly preferences: NotificationPreferencesService,
    private readonly preferencesRepository: NotificationPreferencesRepository,
    private readonly mail: MailService,
    private readonly push: PushService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.outbox.handle<NotificationJobPayload>(NOTIFICATIONS_CREATE_JOB, (job) => this.create(job));
    this.outbox.handle<NotificationToMany>(NOTIFICATIONS_CREATE_MANY_JOB, (job) => this.createMany(job));
    this.outbox.handle<NotificationEmailJob>(NOTIFICATIONS_EMAIL_JOB, (job) => this.email(job));
    this.outbox.handle<NotificationPushJob<NotificationJobPayload>>(NOTIFICATIONS_PUSH_JOB, (job) => this.pushOne(job));
  }

  /**
   * The job handler: the notification joins its group (or starts one), and when the user wants this
   * kind by e-mail, the e-mail job is written with it: held back a while for a grouped kind, and to
   * the end of the quiet hours. All with the job's done mark (`once`), so a second run adds nothing;
   * then a ping to the user's live streams. A user's own action is skipped; so is the in-app entry
   * when the user turned the in-app channel of this kind off.
   */
  private async create({ payload, once }: OutboxJobContext<NotificationJobPayload>): Promise<void> {
    if (isActor(payload.actor_user_id, payload.user_id)) return;
    const prefs = await this.preferences.resolved(payload.user_id);
    if (!prefs) return; // the account is gone
    const inApp = allowsIn(prefs, payload.kind, 'in_app');
    const now = new Date();
    // The payload as the job's row holds it now: an edit or deletion since the hand-over is in it.
    const wrote = await once(async (tx, current) => {
      const group = inApp ? await this.repository.insert(current, groupKeyOf(current, now), tx) : null;
      await this.followUp(tx, [{ prefs, notification: current, group }], now);
    });
    if (wrote && inApp) await this.ping(payload.user_id);
  }

  /**
   * The job of one notification to many people (`NotificationPublisher.publishToMany`): each recipient
   * as in `create` (their settings, quiet hours, grouping, pushes, e-mail), with their settings read in
   * one statement, every bell entry written by one (`insertMany`) and the pushes' devices read by one.
   */
  private async createMany({ payload, once }: OutboxJobContext<NotificationToMany>): Promise<void> {
    const ids = payload.user_ids.filter((id) => !isActor(payload.actor_user_id, id));
    // Accounts that are gone are left out.
    const prefs = await this.preferences.resolvedMany(ids);
    const inApp = ids.filter((id) => {
      const p = prefs.get(id);
      return p !== undefined && allowsIn(p, payload.kind, 'in_app');
    });
    const now = new Date();
    const wrote = await once(async (tx, current) => {
      const { user_ids: _recipients, ...notification } = current;
      const groups = await this.repository.insertMany(notification, inApp, groupKeyOf(notification, now), tx);
      const each = ids.flatMap((id) => {
        const p = prefs.get(id);
        return p ? [{ prefs: p, notification: { ...notification, user_id: id }, group: groups.get(id) ?? null }] : [];
      });
      await this.followUp(tx, each, now);
    });
    if (wrote) for (const id of inApp) await this.ping(id);
  }

  /**
   * What a notification writes beside its bell entry, per recipient: the pushes (to the end of the
   * quiet hours; those held back for one entry go as one) and the e-mail (held a while for a grouped
   * kind; one per group and round); with the in-app channel off (no group), both about the
   * notification alone. Written in one statement each, whatever the number of recipients.
   */
  private async followUp(
    tx: Transaction,
    each: readonly { prefs: ResolvedPreferences; notification: NotificationJobPayload; group: JoinedGroup | null }[],
    now: Date,
  ): Promise<void> {
    const pushes: PushPlan<NotificationJobPayload>[] = [];
    const mails: OutboxJob[] = [];
    for (const { prefs, notification: n, group } of each) {
      const byMail = !MAILED_BY_THEIR_MODULE.has(n.kind) && allowsIn(prefs, n.kind, 'email');
      const byPush = allowsIn(prefs, n.kind, 'push');
      const pushAt = deliveryTime(now, prefs.quiet);
      const held = pushAt.getTime() > now.getTime();
      if (group) {
        if (byPush) pushes.push({ userId: n.user_id, about: { group_id: group.id }, notBefore: pushAt, dedupe: held ? `${group.id}:${pushAt.toISOString()}` : null });
        if (byMail) {
          const wait = isGroupedKind(n.kind) ? GROUP_MAIL_DELAY_MS : 0;
          mails.push({
            name: NOTIFICATIONS_EMAIL_JOB,
            payload: { user_id: n.user_id, group_id: group.id } satisfies NotificationEmailJob,
            // One e-mail per group and round: later members join the e-mail already waiting.
            dedupeKey: `notification-mail:${group.id}:${group.mail_round}`,
            userIds: [n.user_id],
            notBefore: deliveryTime(new Date(now.getTime() + wait), prefs.quiet),
          });
        }
      } else {
        if (byMail) {
          mails.push({
            name: NOTIFICATIONS_EMAIL_JOB,
            payload: { user_id: n.user_id, notification: n } satisfies NotificationEmailJob,
            userIds: [n.user_id, n.actor_user_id],
            notBefore: deliveryTime(now, prefs.quiet),
          });
        }
        if (byPush) pushes.push({ userId: n.user_id, about: { notification: n }, notBefore: pushAt, dedupe: null });
      }
    }
    await this.push.scheduleMany(tx, pushes);
    await this.outbox.add(tx, mails);
  }

  /**
   * Sends the e-mail about one entry, with the one-click unsubscribe of its row (RFC 8058) and the
   * settings link. Read again when it is due: an entry already read in the app, a kind the user
   * turned off meanwhile, or a closed account sends nothing. The group's e-mail round moves on either
   * way, so the next notification of the group may write a new e-mail job.
   */
  private async email({ payload, once }: OutboxJobContext<NotificationEmailJob>): Promise<void> {
    const [prefs, recipient] = await Promise.all([
      this.preferences.resolved(payload.user_id),
      this.preferencesRepository.recipient(payload.user_id),
    ]);
    const group = 'group_id' in payload ? await this.repository.group(payload.user_id, payload.group_id) : null;
    const entry = group ? entryOf(group) : 'notification' in payload ? await this.entryOfPayload(payload.notification) : null;
    const send =
      prefs !== null &&
      recipient?.active === true &&
      entry !== null &&
      (group === null || group.unread_count > 0) &&
      allowsIn(prefs, entry.kind, 'email');
    await once(async (tx: Transaction) => {
      if (group) await this.repository.nextMailRound(group.id, tx);
      if (!send || !recipient || !entry) return;
      const locale = recipient.locale;
      const name = entry.actor ? `${entry.actor.first_name} ${entry.actor.last_name}` : translate(locale, 'notifications_ui.someone');
      const message = notificationMessage(entry, name);
      const category = NOTIFICATION_CATEGORY_OF_KIND[entry.kind];
      const unsubscribe = this.preferences.unsubscribeUrl(payload.user_id, category);
      await this.mail.send(
        {
          to: recipient.email,
          template: 'notification',
          locale,
          userId: payload.user_id,
          vars: {
            name: recipient.first_name,
            text: translate(locale, `notifications_ui.${message.key}`, message.vars),
            link: `${this.config.publicUrl}/notifications`,
            settings_link: this.preferences.settingsUrl(),
            unsubscribe_link: unsubscribe,
          },
          headers: {
            'List-Unsubscribe': `<${unsubscribe}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        },
        tx,
      );
    });
  }

  /**
   * Sends one push to one device (docs/push-and-pwa.md). Read again when it is due, like the e-mail:
   * an entry already read, push of this kind turned off meanwhile, a closed account or a device that
   * is gone (or changed hands) sends nothing. The title is the bell's text in the recipient's language
   * ("Ny melding fra Kari Nordby"); the message's words only with the lock-screen preview on.
   */
  private async pushOne({ payload }: OutboxJobContext<NotificationPushJob<NotificationJobPayload>>): Promise<void> {
    const [device, prefs, recipient] = await Promise.all([
      this.push.device(payload.subscription_id, payload.user_id),
      this.preferences.resolved(payload.user_id),
      this.preferencesRepository.recipient(payload.user_id),
    ]);
    if (!device || !prefs || recipient?.active !== true) return;
    const group = 'group_id' in payload ? await this.repository.group(payload.user_id, payload.group_id) : null;
    const entry = group ? entryOf(group) : 'kind' in payload ? await this.entryOfPayload(payload) : null;
    if (!entry || (group !== null && group.unread_count === 0) || !allowsIn(prefs, entry.kind, 'push')) return;
    // A retry after a 5xx or a timeout throws from here (PushRetry): the outbox tries again with back-off.
    await this.push.send(device, pushDelivery(entry, recipient.locale, prefs.pushPreview, group?.id ?? null));
  }

  private async entryOfPayload(p: NotificationJobPayload): Promise<Notification | null> {
    const actor = p.actor_user_id === null ? null : await this.repository.actor(p.actor_user_id);
    return {
      id: 0,
      kind: p.kind,
      grouped: false,
      actor,
      actor_count: actor ? 1 : 0,
      notification_count: 1,
      partner_company_id: p.partner_company_id,
      entity_type: p.entity_type,
      entity_id: p.entity_id,
      data: p.data,
      unread: true,
      created_at: new Date().toISOString(),
    };
  }

  async list(
    me: Principal,
    q: NotificationPageQuery,
  ): Promise<{ data: Notification[]; meta: { next_cursor: string | null }; unreadCount: number }> {
    const [page, unreadCount] = await Promise.all([
      readKeyset(q.limit, (take) => this.repository.page(me.userId, q.cursor, take), notificationCursorOf),
      this.repository.unreadCount(me.userId),
    ]);
    return { data: page.rows.map(entryOf), meta: { next_cursor: page.next_cursor }, unreadCount };
  }

  /** Who is in one of my entries; someone else's entry is not found. */
  async members(
    me: Principal,
    groupId: number,
    q: NotificationPageQuery,
  ): Promise<{ data: NotificationMember[]; meta: { next_cursor: string | null } }> {
    if (!(await this.repository.group(me.userId, groupId))) throw AppError.notFound();
    const page = await readKeyset(q.limit, (take) => this.repository.members(groupId, q.cursor, take), notificationCursorOf);
    return {
      data: page.rows.map((r) => ({ id: r.id, actor: r.actor, data: r.data, created_at: r.created_at.toISOString() })),
      meta: { next_cursor: page.next_cursor },
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

  /**
   * The thing some notifications quote changed (a message edited or deleted for everyone): in the
   * caller's transaction, the snapshot fields in `patch` replace those of every notification of
   * `kind` about the entity whose data holds `match`, for these users: their bell members, their
   * entries, and the `notifications.create` and `notifications.push` jobs not yet run (or run and kept). Ping nobody: the
   * unread count does not change.
   */
  async rewriteSnapshot(
    tx: Transaction,
    m: { userIds: readonly number[]; kind: NotificationKind; entityType: 'conversation'; entityId: number; match: Record<string, string | number> },
    patch: Record<string, string | number | null>,
  ): Promise<void> {
    // The jobs first: their rows' locks wait for a run under way, whose entry the next statements then see.
    const about = { kind: m.kind, entity_type: m.entityType, entity_id: m.entityId, data: m.match };
    await this.outbox.patchPayloadData(tx, NOTIFICATIONS_CREATE_JOB, about, patch);
    await this.outbox.patchPayloadData(tx, NOTIFICATIONS_CREATE_MANY_JOB, about, patch);
    // Pushes of a notification without a bell entry carry its text until they go.
    await this.outbox.patchPayloadData(tx, NOTIFICATIONS_PUSH_JOB, about, patch);
    await this.repository.patchData(tx, m, patch);
  }

  /** The user has seen what these notifications are about (e.g. read the conversation): they go read. */
  async markEntityRead(userId: number, entityType: 'conversation', entityId: number): Promise<void> {
    if ((await this.repository.markEntityRead(userId, entityType, entityId)) > 0) await this.ping(userId);
  }

  unreadCount(userId: number): Promise<number> {
    return this.repository.unreadCount(userId);
  }

  /** The unread counts of several users in one read, in the order asked (streams opening together). */
  unreadCounts(userIds: readonly number[]): Promise<number[]> {
    return this.repository.unreadCounts(userIds);
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

/** Rows whose pushes matter now: they go first at the push service, and live for a day. */
const URGENT: ReadonlySet<NotificationCategory> = new Set(['messages', 'mentions']);
const DAY_SECONDS = 24 * 3600;

/** The first words of a text, at most `max` characters, cut at a word. */
export function firstWords(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/**
 * The push about one entry: the bell's text as the title, in the recipient's language; no body unless
 * the lock-screen preview is on (then the first words of the message, comment or post quoted); the
 * tag of the bell's grouping (one per conversation, per grouped post) so a device shows one
 * notification per entry; the page to open.
 */
export function pushDelivery(entry: Notification, locale: Locale, preview: boolean, groupId: number | null): PushDelivery {
  const name = entry.actor ? `${entry.actor.first_name} ${entry.actor.last_name}` : translate(locale, 'notifications_ui.someone');
  const message = notificationMessage(entry, name);
  const category = NOTIFICATION_CATEGORY_OF_KIND[entry.kind];
  const excerpt = typeof entry.data.excerpt === 'string' ? entry.data.excerpt : '';
  const tag = groupId !== null ? `entry-${groupId}` : `${entry.kind}-${entry.entity_type ?? 'none'}-${entry.entity_id ?? 0}`;
  return {
    payload: {
      title: translate(locale, `notifications_ui.${message.key}`, message.vars),
      body: preview && excerpt !== '' ? firstWords(excerpt) : '',
      tag,
      url: notificationPath(entry) ?? '/notifications',
      kind: entry.kind,
    },
    ttl: URGENT.has(category) ? DAY_SECONDS : 3 * DAY_SECONDS,
    urgency: URGENT.has(category) ? 'high' : category === 'likes_follows' ? 'low' : 'normal',
    topicOf: tag,
  };
}

/** A group as the wire shows it. */
export function entryOf(g: GroupRow): Notification {
  return {
    id: g.id,
    kind: g.kind,
    grouped: g.group_key !== null,
    actor: g.actor,
    actor_count: g.actor_count,
    notification_count: g.notification_count,
    partner_company_id: g.partner_company_id,
    entity_type: g.entity_type,
    entity_id: g.entity_id,
    data: g.data,
    unread: g.unread_count > 0,
    created_at: g.latest_at.toISOString(),
  };
}
