import { Injectable } from '@nestjs/common';
import { type DigestFrequency, type Locale } from '@legenett/contracts';
import { type Database, schema, type Transaction } from '@legenett/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { visibleMemberSql } from '../../common/access';
import { InjectDatabase } from '../../database/database.module';

const { notificationPreferences: prefs, userInfo, users } = schema;

/** What the settings are made of: the user's own overrides and the spec's three `user_info` settings. */
export interface StoredPreferences {
  channels: Record<string, Record<string, boolean>>;
  quiet_hours_enabled: boolean;
  quiet_start_minute: number;
  quiet_end_minute: number;
  digest: DigestFrequency;
  push_preview: boolean;
  sms_webinar_reminders: boolean;
  email_webinar_reminders: boolean;
  important_updates: boolean;
}

/** Who a notification e-mail goes to. */
export interface Recipient {
  email: string;
  first_name: string;
  locale: Locale;
  active: boolean;
}

export interface PreferenceChanges {
  channels?: Record<string, Record<string, boolean>>;
  quiet_hours?: { enabled: boolean; start_minute: number; end_minute: number };
  digest?: DigestFrequency;
  push_preview?: boolean;
  user_info?: Partial<Pick<StoredPreferences, 'sms_webinar_reminders' | 'email_webinar_reminders' | 'important_updates'>>;
}

const preferenceColumns = {
  channels: prefs.channels,
  quiet_hours_enabled: prefs.quiet_hours_enabled,
  quiet_start_minute: prefs.quiet_start_minute,
  quiet_end_minute: prefs.quiet_end_minute,
  digest: prefs.digest,
  push_preview: prefs.push_preview,
  sms_webinar_reminders: userInfo.sms_webinar_reminders,
  email_webinar_reminders: userInfo.email_webinar_reminders,
  important_updates: userInfo.important_updates,
};

interface PreferenceRow {
  channels: Record<string, Record<string, boolean>> | null;
  quiet_hours_enabled: boolean | null;
  quiet_start_minute: number | null;
  quiet_end_minute: number | null;
  digest: DigestFrequency | null;
  push_preview: boolean | null;
  sms_webinar_reminders: boolean | null;
  email_webinar_reminders: boolean | null;
  important_updates: boolean | null;
}

/** Defaults where nothing is stored. */
function storedOf(row: PreferenceRow): StoredPreferences {
  return {
    channels: row.channels ?? {},
    quiet_hours_enabled: row.quiet_hours_enabled ?? true,
    quiet_start_minute: row.quiet_start_minute ?? 22 * 60,
    quiet_end_minute: row.quiet_end_minute ?? 7 * 60,
    digest: row.digest ?? 'weekly',
    push_preview: row.push_preview ?? false,
    sms_webinar_reminders: row.sms_webinar_reminders ?? false,
    email_webinar_reminders: row.email_webinar_reminders ?? true,
    important_updates: row.important_updates ?? true,
  };
}

/** Notification settings; the only file of them that speaks SQL. */
@Injectable()
export class NotificationPreferencesRepository {
  private readonly prepared;

  constructor(@InjectDatabase() private readonly db: Database) {
    this.prepared = db
      .select(preferenceColumns)
      .from(users)
      .leftJoin(prefs, eq(prefs.user_id, users.id))
      .leftJoin(userInfo, eq(userInfo.user_id, users.id))
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare('notification_preferences_of');
  }

  /** Null when the user does not exist; defaults where nothing is stored. */
  async find(userId: number): Promise<StoredPreferences | null> {
    const [row] = await this.prepared.execute({ userId });
    return row ? storedOf(row) : null;
  }

  /** `find` for many users in one statement (the digest's send batch); users that do not exist are left out. */
  async findMany(userIds: readonly number[]): Promise<Map<number, StoredPreferences>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({ user_id: users.id, ...preferenceColumns })
      .from(users)
      .leftJoin(prefs, eq(prefs.user_id, users.id))
      .leftJoin(userInfo, eq(userInfo.user_id, users.id))
      .where(inArray(users.id, [...userIds]));
    return new Map(rows.map((row) => [row.user_id, storedOf(row)]));
  }

  async recipient(userId: number, tx?: Transaction): Promise<Recipient | null> {
    const [row] = await (tx ?? this.db)
      .select({ email: users.email, first_name: users.first_name, locale: users.locale, active: visibleMemberSql().mapWith(Boolean) })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  }

  /** Writes the changed parts in one transaction: the overrides merged into the stored ones. */
  async update(userId: number, changes: PreferenceChanges): Promise<void> {
    await this.db.transaction(async (tx) => {
      const set: Partial<typeof prefs.$inferInsert> = {};
      if (changes.quiet_hours) {
        set.quiet_hours_enabled = changes.quiet_hours.enabled;
        set.quiet_start_minute = changes.quiet_hours.start_minute;
        set.quiet_end_minute = changes.quiet_hours.end_minute;
      }
      if (changes.digest) set.digest = changes.digest;
      if (changes.push_preview !== undefined) set.push_preview = changes.push_preview;
      const channels = changes.channels ?? {};
      await tx
        .insert(prefs)
        .values({ user_id: userId, channels, ...set })
        .onConflictDoUpdate({
          target: prefs.user_id,
          // jsonb merge one level deep: a row's other cells stay as they were.
          set: {
            ...set,
            channels: sql`(select coalesce(jsonb_object_agg(k, coalesce(${prefs.channels} -> k, '{}'::jsonb) || coalesce(${JSON.stringify(channels)}::jsonb -> k, '{}'::jsonb)), '{}'::jsonb)
              from (select jsonb_object_keys(${prefs.channels}) as k union select jsonb_object_keys(${JSON.stringify(channels)}::jsonb)) keys)`,
            updated_at: new Date(),
          },
        });
      if (changes.user_info && Object.keys(changes.user_info).length > 0) {
        await tx
          .insert(userInfo)
          .values({ user_id: userId, ...changes.user_info })
          .onConflictDoUpdate({ target: userInfo.user_id, set: changes.user_info });
      }
    });
  }

  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(prefs).where(eq(prefs.user_id, userId));
    await tx.delete(schema.digestRuns).where(eq(schema.digestRuns.user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      notification_preferences: await this.db.select().from(prefs).where(eq(prefs.user_id, userId)),
      digest_runs: await this.db.select().from(schema.digestRuns).where(eq(schema.digestRuns.user_id, userId)),
    };
  }
}
