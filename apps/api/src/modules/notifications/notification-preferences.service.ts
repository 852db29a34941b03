import { Injectable } from '@nestjs/common';
import {
  NOTIFICATION_CATEGORY_OF_KIND,
  NOTIFICATION_CATEGORY_VALUES,
  NOTIFICATION_CELL_DEFAULTS,
  NOTIFICATION_CHANNEL_VALUES,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  type UnsubscribeQuery,
} from '@legenett/contracts';
import { type AppConfig, InjectConfig } from '../../config';
import { AppError } from '../../common/errors/app-error';
import { SignedLinks } from '../../common/security/signed-links';
import { type PreferenceChanges, NotificationPreferencesRepository, type StoredPreferences } from './notification-preferences.repository';
import { deliveryTime, minuteOf, type QuietWindow, textOfMinute } from './notification-rules';

/** The spec's three settings: `user_info` columns read and written as cells of the table. */
const LEGACY_CELLS: Partial<Record<NotificationCategory, Partial<Record<NotificationChannel, 'sms_webinar_reminders' | 'email_webinar_reminders' | 'important_updates'>>>> = {
  course_reminders: { email: 'email_webinar_reminders', sms: 'sms_webinar_reminders' },
  important_updates: { email: 'important_updates' },
};

/** An unsubscribe link works at least this long (and at most twice it): old e-mails keep working for months. */
const UNSUBSCRIBE_TTL_SECONDS = 180 * 24 * 3600;

export type UnsubscribeTarget = NotificationCategory | 'digest';

/** A user's settings, resolved: what `allows` and the delivery code read. */
export interface ResolvedPreferences {
  cells: Record<NotificationCategory, Partial<Record<NotificationChannel, { enabled: boolean; locked: boolean }>>>;
  quiet: QuietWindow;
  digest: StoredPreferences['digest'];
  /** The lock screen: a push shows the first words of a message (off by default). */
  pushPreview: boolean;
}

function resolve(stored: StoredPreferences): ResolvedPreferences {
  const cells = {} as ResolvedPreferences['cells'];
  for (const category of NOTIFICATION_CATEGORY_VALUES) {
    const row: Partial<Record<NotificationChannel, { enabled: boolean; locked: boolean }>> = {};
    for (const channel of NOTIFICATION_CHANNEL_VALUES) {
      const def = NOTIFICATION_CELL_DEFAULTS[category][channel];
      if (!def) continue;
      const legacy = LEGACY_CELLS[category]?.[channel];
      const locked = def.locked === true;
      const own = stored.channels[category]?.[channel];
      const enabled = locked ? def.enabled : legacy ? stored[legacy] : (own ?? def.enabled);
      row[channel] = { enabled, locked };
    }
    cells[category] = row;
  }
  return {
    cells,
    quiet: { enabled: stored.quiet_hours_enabled, startMinute: stored.quiet_start_minute, endMinute: stored.quiet_end_minute },
    digest: stored.digest,
    pushPreview: stored.push_preview,
  };
}

/**
 * Notification settings: the table of kinds x channels, quiet hours and the digest. The one place
 * any module asks whether a user wants a kind on a channel (`allows`), and when an e-mail, SMS or push
 * may go (`deliverAt`). See docs/notifications.md.
 */
@Injectable()
export class NotificationPreferencesService {
  constructor(
    private readonly repository: NotificationPreferencesRepository,
    private readonly links: SignedLinks,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** Null when the user does not exist. */
  async resolved(userId: number): Promise<ResolvedPreferences | null> {
    const stored = await this.repository.find(userId);
    return stored ? resolve(stored) : null;
  }

  /** `resolved` for many users in one statement: keyed by user id; users that do not exist are left out. */
  async resolvedMany(userIds: readonly number[]): Promise<Map<number, ResolvedPreferences>> {
    const stored = await this.repository.findMany(userIds);
    return new Map([...stored].map(([id, prefs]) => [id, resolve(prefs)]));
  }

  /**
   * Whether the user wants this kind (or row) on this channel. A channel the row does not have
   * answers false; a user that does not exist too.
   */
  async allows(userId: number, kindOrCategory: NotificationKind | NotificationCategory, channel: NotificationChannel): Promise<boolean> {
    const prefs = await this.resolved(userId);
    return prefs !== null && allowsIn(prefs, kindOrCategory, channel);
  }

  /**
   * When an e-mail or SMS planned now (or at `at`) may go for this user: at once, or the end of their
   * quiet hours; `eventAt` lets a course reminder for an event inside the quiet hours go at once.
   */
  async deliverAt(userId: number, opts: { at?: Date; eventAt?: Date | null } = {}): Promise<Date> {
    const at = opts.at ?? new Date();
    const prefs = await this.resolved(userId);
    return prefs ? deliveryTime(at, prefs.quiet, opts.eventAt) : at;
  }

  /** `deliverAt` for many users at once (one statement): keyed by user id; a user that does not exist gets `at`. */
  async deliverAtMany(userIds: readonly number[], at = new Date()): Promise<Map<number, Date>> {
    const stored = await this.repository.findMany(userIds);
    return new Map(
      userIds.map((id) => {
        const prefs = stored.get(id);
        return [id, prefs ? deliveryTime(at, resolve(prefs).quiet) : at];
      }),
    );
  }

  async show(userId: number): Promise<{ data: NotificationPreferences }> {
    const prefs = await this.resolved(userId);
    if (!prefs) throw AppError.notFound();
    return { data: present(prefs) };
  }

  async update(userId: number, input: NotificationPreferencesInput): Promise<{ data: NotificationPreferences }> {
    const changes: PreferenceChanges = { channels: {}, user_info: {} };
    const refused: Record<string, ['validation.not_allowed']> = {};
    for (const [category, choices] of Object.entries(input.channels ?? {}) as [NotificationCategory, Partial<Record<NotificationChannel, boolean>>][]) {
      for (const [channel, enabled] of Object.entries(choices) as [NotificationChannel, boolean | undefined][]) {
        if (enabled === undefined) continue;
        const def = NOTIFICATION_CELL_DEFAULTS[category][channel];
        if (!def || def.locked) {
          refused[`channels.${category}.${channel}`] = ['validation.not_allowed'];
          continue;
        }
        const legacy = LEGACY_CELLS[category]?.[channel];
        if (legacy) changes.user_info = { ...changes.user_info, [legacy]: enabled };
        else changes.channels = { ...changes.channels, [category]: { ...changes.channels?.[category], [channel]: enabled } };
      }
    }
    if (Object.keys(refused).length > 0) throw new AppError('VALIDATION', { fields: refused });
    if (input.quiet_hours) {
      changes.quiet_hours = {
        enabled: input.quiet_hours.enabled,
        start_minute: minuteOf(input.quiet_hours.start),
        end_minute: minuteOf(input.quiet_hours.end),
      };
    }
    if (input.digest) changes.digest = input.digest;
    if (input.push_preview !== undefined) changes.push_preview = input.push_preview;
    if (!(await this.repository.find(userId))) throw AppError.notFound();
    await this.repository.update(userId, changes);
    return this.show(userId);
  }

  // ---------- one-click unsubscribe (RFC 8058) ----------

  /** The signed address of the one-click unsubscribe for this user and row (or the digest): for `List-Unsubscribe`. */
  unsubscribeUrl(userId: number, target: UnsubscribeTarget): string {
    const resource = `unsubscribe:${target}`;
    const { expires, signature } = this.links.sign(resource, { ttlSeconds: UNSUBSCRIBE_TTL_SECONDS, subject: userId });
    const q = new URLSearchParams({ u: String(userId), c: target, expires: String(expires), signature });
    return `${this.config.publicUrl}/api/notification-unsubscribe?${q.toString()}`;
  }

  /** The settings page, linked from every e-mail. */
  settingsUrl(): string {
    return `${this.config.publicUrl}/notification_settings`;
  }

  /** The page a person who opens the link lands on (it asks, and its button unsubscribes). */
  unsubscribePageUrl(q: UnsubscribeQuery): string {
    const params = new URLSearchParams({ u: String(q.u), c: q.c, expires: q.expires, signature: q.signature });
    return `${this.config.publicUrl}/unsubscribe?${params.toString()}`;
  }

  /** Checks the signature: made by us, for this very user and row, not expired. Anything else is 403. */
  verifyUnsubscribe(q: UnsubscribeQuery): void {
    const check = this.links.check(`unsubscribe:${q.c}`, q.expires, q.signature, q.u);
    if (check === 'expired') throw new AppError('LINK_EXPIRED', { message: 'errors.unsubscribe_link_expired' });
    if (check !== 'valid') throw new AppError('FORBIDDEN', { message: 'errors.unsubscribe_link_invalid' });
  }

  /** Turns off e-mail for the link's row (or the digest) of the link's user; the same link again changes nothing. */
  async unsubscribe(q: UnsubscribeQuery): Promise<{ data: { category: string } }> {
    this.verifyUnsubscribe(q);
    if (!(await this.repository.find(q.u))) throw AppError.notFound();
    if (q.c === 'digest') {
      await this.repository.update(q.u, { digest: 'off' });
    } else {
      const def = NOTIFICATION_CELL_DEFAULTS[q.c].email;
      if (!def || def.locked) throw new AppError('FORBIDDEN', { message: 'errors.unsubscribe_link_invalid' });
      const legacy = LEGACY_CELLS[q.c]?.email;
      await this.repository.update(q.u, legacy ? { user_info: { [legacy]: false } } : { channels: { [q.c]: { email: false } } });
    }
    return { data: { category: q.c } };
  }
}

export function allowsIn(prefs: ResolvedPreferences, kindOrCategory: NotificationKind | NotificationCategory, channel: NotificationChannel): boolean {
  const category = (NOTIFICATION_CATEGORY_VALUES as readonly string[]).includes(kindOrCategory)
    ? (kindOrCategory as NotificationCategory)
    : NOTIFICATION_CATEGORY_OF_KIND[kindOrCategory as NotificationKind];
  return prefs.cells[category][channel]?.enabled ?? false;
}

function present(prefs: ResolvedPreferences): NotificationPreferences {
  return {
    categories: NOTIFICATION_CATEGORY_VALUES.map((category) => ({
      category,
      in_app: prefs.cells[category].in_app ?? null,
      email: prefs.cells[category].email ?? null,
      sms: prefs.cells[category].sms ?? null,
      push: prefs.cells[category].push ?? null,
    })),
    quiet_hours: { enabled: prefs.quiet.enabled, start: textOfMinute(prefs.quiet.startMinute), end: textOfMinute(prefs.quiet.endMinute) },
    digest: prefs.digest,
    push_preview: prefs.pushPreview,
  };
}
