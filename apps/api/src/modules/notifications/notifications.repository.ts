import { Injectable } from '@nestjs/common';
import { type NotificationCursor, type NotificationJobPayload } from '@legenett/contracts';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { InjectDatabase } from '../../database/database.module';

const { notifications, notificationGroups: groups, users } = schema;

type EntityType = (typeof schema.NOTIFICATION_ENTITY_TYPES)[number];
const isEntityType = (v: string): v is EntityType =>
  (schema.NOTIFICATION_ENTITY_TYPES as readonly string[]).includes(v);

export interface Actor {
  id: number;
  slug: string;
  first_name: string;
  last_name: string;
}

export interface GroupRow {
  id: number;
  user_id: number;
  group_key: string | null;
  kind: NotificationJobPayload['kind'];
  actor: Actor | null;
  actor_count: number;
  notification_count: number;
  partner_company_id: number | null;
  entity_type: string | null;
  entity_id: number | null;
  data: Record<string, unknown>;
  unread_count: number;
  latest_at: Date;
  mail_round: number;
  /** `latest_at` to the microsecond, for the next page's cursor. */
  cursor_at: string;
}

export interface MemberRow {
  id: number;
  actor: Actor | null;
  data: Record<string, unknown>;
  created_at: Date;
  cursor_at: string;
}

/** The group a notification joined: new or grown, and its e-mail round. */
export interface JoinedGroup {
  id: number;
  mail_round: number;
}

const actorOf = (r: {
  actor_id: number | null;
  actor_slug: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
}): Actor | null =>
  r.actor_id !== null && r.actor_slug !== null && r.actor_first_name !== null && r.actor_last_name !== null
    ? { id: r.actor_id, slug: r.actor_slug, first_name: r.actor_first_name, last_name: r.actor_last_name }
    : null;

/** Microseconds kept: a cursor cut to milliseconds would skip or repeat entries of the same millisecond. */
const cursorText = (column: typeof groups.latest_at | typeof notifications.created_at) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const groupColumns = {
  id: groups.id,
  user_id: groups.user_id,
  group_key: groups.group_key,
  kind: groups.kind,
  actor_id: users.id,
  actor_slug: users.slug,
  actor_first_name: users.first_name,
  actor_last_name: users.last_name,
  actor_count: groups.actor_count,
  notification_count: groups.notification_count,
  partner_company_id: groups.partner_company_id,
  entity_type: groups.entity_type,
  entity_id: groups.entity_id,
  data: groups.data,
  unread_count: groups.unread_count,
  latest_at: groups.latest_at,
  mail_round: groups.mail_round,
  cursor_at: cursorText(groups.latest_at),
};

interface GroupSelect {
  id: number;
  user_id: number;
  group_key: string | null;
  kind: NotificationJobPayload['kind'];
  actor_id: number | null;
  actor_slug: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_count: number;
  notification_count: number;
  partner_company_id: number | null;
  entity_type: string | null;
  entity_id: number | null;
  data: Record<string, unknown>;
  unread_count: number;
  latest_at: Date;
  mail_round: number;
  cursor_at: string;
}

const toGroup = (r: GroupSelect): GroupRow => ({
  id: r.id,
  user_id: r.user_id,
  group_key: r.group_key,
  kind: r.kind,
  actor: actorOf(r),
  actor_count: r.actor_count,
  notification_count: r.notification_count,
  partner_company_id: r.partner_company_id,
  entity_type: r.entity_type,
  entity_id: r.entity_id,
  data: r.data,
  unread_count: r.unread_count,
  latest_at: r.latest_at,
  mail_round: r.mail_round,
  cursor_at: r.cursor_at,
});

/** The payload's entity as the table holds it: a known entity type (another is an error), its id only with one. */
function entityOf(p: Pick<NotificationJobPayload, 'entity_type' | 'entity_id'>): { entityType: EntityType | null; entityId: number | null } {
  const entityType = p.entity_type === null ? null : isEntityType(p.entity_type) ? p.entity_type : null;
  if (p.entity_type !== null && entityType === null) throw new Error(`Unknown notification entity type ${p.entity_type}`);
  return { entityType, entityId: entityType === null ? null : p.entity_id };
}

/** A notification's row among its group's members (`notifications`), for one recipient. */
const memberRow = (
  p: Omit<NotificationJobPayload, 'user_id'>,
  userId: number,
  entity: { entityType: EntityType | null; entityId: number | null },
  groupId: number,
) => ({
  user_id: userId,
  kind: p.kind,
  actor_user_id: p.actor_user_id,
  partner_company_id: p.partner_company_id,
  entity_type: entity.entityType,
  entity_id: entity.entityId,
  data: p.data,
  group_id: groupId,
});

/**
 * A notification joining its existing group (the upsert's conflict branch, of `insert` and
 * `insertMany`): one member more, its latest actor and snapshot, unread again, at the top.
 */
const growGroup = sql`on conflict (user_id, group_key) where group_key is not null do update set
        actor_user_id = coalesce(excluded.actor_user_id, g.actor_user_id),
        partner_company_id = excluded.partner_company_id,
        data = excluded.data,
        notification_count = g.notification_count + 1,
        unread_count = g.unread_count + 1,
        latest_at = now(),
        updated_at = now()`;

/** Notifications and their groups (the bell's entries); the only notifications file that speaks SQL. */
@Injectable()
export class NotificationsRepository {
  /**
   * The bell's queries run on every page view: built once and sent as named prepared statements
   * (docs/performance/api-overhead.md): the first page, a page after a cursor, the unread count.
   */
  private readonly prepared;

  constructor(@InjectDatabase() private readonly db: Database) {
    const userId = sql.placeholder('userId');
    const page = (afterCursor: boolean, name: string) =>
      db
        .select(groupColumns)
        .from(groups)
        .leftJoin(users, eq(users.id, groups.actor_user_id))
        .where(
          afterCursor
            ? and(
                eq(groups.user_id, userId),
                sql`(${groups.latest_at}, ${groups.id}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::bigint)`,
              )
            : eq(groups.user_id, userId),
        )
        .orderBy(sql`${groups.latest_at} desc nulls last`, sql`${groups.id} desc nulls last`)
        .limit(sql.placeholder('limit'))
        .prepare(name);
    this.prepared = {
      unread: db
        .select({ n: sql<number>`count(*)::int` })
        .from(groups)
        .where(and(eq(groups.user_id, userId), sql`${groups.unread_count} > 0`))
        .prepare('notification_groups_unread'),
      first: page(false, 'notification_groups_first'),
      after: page(true, 'notification_groups_after'),
    };
  }

  /**
   * Writes one notification into its group: a new group, or (same `groupKey`) the existing one grown
   * by one member, its latest actor and snapshot replaced and its time moved to now (so it rises to the
   * top of the list and counts as unread again). One upsert on notification_groups_user_key_key, so
   * concurrent likes of one post meet in one row.
   */
  async insert(p: NotificationJobPayload, groupKey: string | null, tx?: Transaction): Promise<JoinedGroup> {
    const { entityType, entityId } = entityOf(p);
    const db = tx ?? this.db;
    const result = await db.execute<{ id: string | number; mail_round: number; inserted: boolean }>(sql`
      insert into notification_groups as g
        (user_id, group_key, kind, entity_type, entity_id, actor_user_id, partner_company_id, data, actor_count, unread_count, latest_at)
      values (${p.user_id}, ${groupKey}, ${p.kind}, ${entityType}, ${entityId}, ${p.actor_user_id}, ${p.partner_company_id},
              ${JSON.stringify(p.data)}::jsonb, ${p.actor_user_id === null ? 0 : 1}, 1, now())
      ${growGroup}
      returning g.id, g.mail_round, (xmax = 0) as inserted`);
    const row = result.rows[0];
    if (!row) throw new Error('notification group upsert answered no row');
    const groupId = Number(row.id);
    // A person new to the group counts one more. A statement of its own, after the upsert took the
    // group's row lock: a concurrent like of the same group waits for this commit, and its own check
    // (a new snapshot) then sees this member; inside the upsert it would not.
    if (!row.inserted && p.actor_user_id !== null) {
      await db.execute(sql`
        update notification_groups set actor_count = actor_count + 1
        where id = ${groupId}
          and not exists (select 1 from notifications n where n.group_id = ${groupId} and n.actor_user_id = ${p.actor_user_id})`);
    }
    await db.insert(notifications).values(memberRow(p, p.user_id, { entityType, entityId }, groupId));
    return { id: groupId, mail_round: row.mail_round };
  }

  /**
   * `insert` for one notification to many users, in three statements whatever their number: every
   * recipient's group upserted by one INSERT … SELECT (in user order, so two such writes to the same
   * groups take their row locks in one order), the actor counted once more where new to a grown
   * group, and every member row by one INSERT. Answers each user's group.
   */
  async insertMany(p: Omit<NotificationJobPayload, 'user_id'>, userIds: readonly number[], groupKey: string | null, tx?: Transaction): Promise<Map<number, JoinedGroup>> {
    if (userIds.length === 0) return new Map();
    const { entityType, entityId } = entityOf(p);
    const db = tx ?? this.db;
    const result = await db.execute<{ id: string | number; user_id: number; mail_round: number; inserted: boolean }>(sql`
      insert into notification_groups as g
        (user_id, group_key, kind, entity_type, entity_id, actor_user_id, partner_company_id, data, actor_count, unread_count, latest_at)
      select r.user_id, ${groupKey}, ${p.kind}, ${entityType}, ${entityId}, ${p.actor_user_id}::int, ${p.partner_company_id}::int,
             ${JSON.stringify(p.data)}::jsonb, ${p.actor_user_id === null ? 0 : 1}, 1, now()
      from unnest(${sql.param([...new Set(userIds)])}::int[]) as r(user_id)
      order by r.user_id
      ${growGroup}
      returning g.id, g.user_id, g.mail_round, (xmax = 0) as inserted`);
    const groups = new Map(result.rows.map((r) => [r.user_id, { id: Number(r.id), mail_round: r.mail_round, inserted: r.inserted }]));
    // As in `insert`: after the upsert holds the groups' row locks, a person new to a group counts one more.
    const grown = [...groups.values()].filter((g) => !g.inserted).map((g) => g.id);
    if (grown.length > 0 && p.actor_user_id !== null) {
      await db.execute(sql`
        update notification_groups g set actor_count = g.actor_count + 1
        where g.id = any(${sql.param(grown)}::bigint[])
          and not exists (select 1 from notifications n where n.group_id = g.id and n.actor_user_id = ${p.actor_user_id})`);
    }
    await db.insert(notifications).values([...groups].map(([userId, g]) => memberRow(p, userId, { entityType, entityId }, g.id)));
    return new Map([...groups].map(([userId, g]) => [userId, { id: g.id, mail_round: g.mail_round }]));
  }

  /**
   * One page of the user's entries, newest first: `desc nulls last` as the index holds it
   * (notification_groups_user_latest_idx), so the page walks the index with no sort; a plain `desc`
   * (nulls first) made PostgreSQL sort every entry of the user (0.5 s at 50 000 entries).
   */
  async page(userId: number, cursor: NotificationCursor | null, limit: number): Promise<GroupRow[]> {
    const rows = cursor
      ? await this.prepared.after.execute({ userId, at: cursor.at, id: cursor.id, limit })
      : await this.prepared.first.execute({ userId, limit });
    return rows.map(toGroup);
  }

  /**
   * The digest's unread entries of many users in one statement: per user, those unread among their
   * 20 newest entries, at most `limit`, newest first (the first page's walk of
   * notification_groups_user_latest_idx, `join lateral` per user). Keyed by user id.
   */
  async unreadOfMany(userIds: readonly number[], limit: number): Promise<Map<number, GroupRow[]>> {
    const out = new Map<number, GroupRow[]>();
    if (userIds.length === 0) return out;
    const result = await this.db.execute<Omit<GroupSelect, 'latest_at'> & { latest_at: string | Date }>(sql`
      select g.id, g.user_id, g.group_key, g.kind, a.id as actor_id, a.slug as actor_slug, a.first_name as actor_first_name,
             a.last_name as actor_last_name, g.actor_count, g.notification_count, g.partner_company_id, g.entity_type, g.entity_id,
             g.data, g.unread_count, g.latest_at, g.mail_round,
             to_char(g.latest_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
      from unnest(${`{${userIds.map((id) => Math.trunc(id)).join(',')}}`}::int[]) as r(user_id)
      cross join lateral (
        select top.* from (
          select * from notification_groups n where n.user_id = r.user_id
          order by n.latest_at desc nulls last, n.id desc nulls last
          limit 20) top
        where top.unread_count > 0
        order by top.latest_at desc nulls last, top.id desc nulls last
        limit ${limit}) g
      left join users a on a.id = g.actor_user_id
      order by g.user_id, g.latest_at desc nulls last, g.id desc nulls last`);
    for (const row of result.rows) {
      const group = toGroup({
        ...row,
        id: Number(row.id),
        user_id: Number(row.user_id),
        actor_id: row.actor_id === null ? null : Number(row.actor_id),
        partner_company_id: row.partner_company_id === null ? null : Number(row.partner_company_id),
        entity_id: row.entity_id === null ? null : Number(row.entity_id),
        latest_at: new Date(row.latest_at),
      });
      const list = out.get(group.user_id);
      if (list) list.push(group);
      else out.set(group.user_id, [group]);
    }
    return out;
  }

  async group(userId: number, groupId: number): Promise<GroupRow | null> {
    const [row] = await this.db
      .select(groupColumns)
      .from(groups)
      .leftJoin(users, eq(users.id, groups.actor_user_id))
      .where(and(eq(groups.id, groupId), eq(groups.user_id, userId)));
    return row ? toGroup(row) : null;
  }

  /** The members of one group, newest first (notifications_group_created_at_idx). */
  async members(groupId: number, cursor: NotificationCursor | null, limit: number): Promise<MemberRow[]> {
    const rows = await this.db
      .select({
        id: notifications.id,
        actor_id: users.id,
        actor_slug: users.slug,
        actor_first_name: users.first_name,
        actor_last_name: users.last_name,
        data: notifications.data,
        created_at: notifications.created_at,
        cursor_at: cursorText(notifications.created_at),
      })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actor_user_id))
      .where(
        and(
          eq(notifications.group_id, groupId),
          cursor
            ? sql`(${notifications.created_at}, ${notifications.id}) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)`
            : undefined,
        ),
      )
      .orderBy(sql`${notifications.created_at} desc nulls last`, sql`${notifications.id} desc nulls last`)
      .limit(limit);
    return rows.map((r) => ({ id: r.id, actor: actorOf(r), data: r.data, created_at: r.created_at, cursor_at: r.cursor_at }));
  }

  /** The first few distinct people of a group, newest first (an e-mail's "Kari, Ola og 3 andre"). */
  async recentActors(groupId: number, limit: number, tx?: Transaction): Promise<Actor[]> {
    const result = await (tx ?? this.db).execute<{ id: number; slug: string; first_name: string; last_name: string }>(sql`
      select u.id, u.slug, u.first_name, u.last_name
      from (select actor_user_id, max(created_at) as at from notifications
            where group_id = ${groupId} and actor_user_id is not null group by actor_user_id) a
      join users u on u.id = a.actor_user_id
      order by a.at desc limit ${limit}`);
    return result.rows;
  }

  async actor(userId: number): Promise<Actor | null> {
    const [row] = await this.db
      .select({ id: users.id, slug: users.slug, first_name: users.first_name, last_name: users.last_name })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  }

  /** Counted over notification_groups_user_unread_idx: entries, not notifications. */
  async unreadCount(userId: number): Promise<number> {
    const [row] = await this.prepared.unread.execute({ userId });
    return row?.n ?? 0;
  }

  /**
   * The unread count of several users in one statement, in the order asked (the streams that open
   * together, issue 40); reads the primary (`execute`), as the stream's reads do.
   */
  async unreadCounts(userIds: readonly number[]): Promise<number[]> {
    const { rows } = await this.db.execute<{ user_id: number; n: number }>(sql`
      select ${groups.user_id} as user_id, count(*)::int as n from ${groups}
      where ${groups.user_id} = any(${`{${userIds.join(',')}}`}::int[]) and ${groups.unread_count} > 0
      group by ${groups.user_id}`);
    const byUser = new Map(rows.map((r) => [Number(r.user_id), Number(r.n)]));
    return userIds.map((id) => byUser.get(id) ?? 0);
  }

  /** Marks the caller's own unread entries among `ids` and their members read; returns how many entries changed. */
  async markRead(userId: number, ids: number[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      const changed = await tx
        .update(groups)
        .set({ unread_count: 0 })
        .where(and(eq(groups.user_id, userId), inArray(groups.id, ids), sql`${groups.unread_count} > 0`))
        .returning({ id: groups.id });
      if (changed.length > 0) await this.markMembersRead(tx, changed.map((c) => c.id));
      return changed.length;
    });
  }

  /** Every unread entry of the user (the partial unread index finds them); returns how many changed. */
  async markAllRead(userId: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const changed = await tx
        .update(groups)
        .set({ unread_count: 0 })
        .where(and(eq(groups.user_id, userId), sql`${groups.unread_count} > 0`))
        .returning({ id: groups.id });
      if (changed.length > 0) await this.markMembersRead(tx, changed.map((c) => c.id));
      return changed.length;
    });
  }

  private async markMembersRead(tx: Transaction, groupIds: number[]): Promise<void> {
    await tx
      .update(notifications)
      .set({ read_at: new Date() })
      .where(and(inArray(notifications.group_id, groupIds), isNull(notifications.read_at)));
  }

  /**
   * Marks the user's unread entries about one thing read, with their members (a conversation read to
   * the end); returns how many entries changed.
   */
  async markEntityRead(userId: number, entityType: EntityType, entityId: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const changed = await tx
        .update(groups)
        .set({ unread_count: 0 })
        .where(
          and(
            eq(groups.user_id, userId),
            sql`${groups.unread_count} > 0`,
            eq(groups.entity_type, entityType),
            eq(groups.entity_id, entityId),
          ),
        )
        .returning({ id: groups.id });
      if (changed.length > 0) await this.markMembersRead(tx, changed.map((c) => c.id));
      return changed.length;
    });
  }

  /**
   * Rewrites the snapshot of the notifications of `kind` about one thing whose data holds `match`
   * (a message's sequence number), for these users, in their members and in their entries: an
   * edited or deleted message's text must not live on in the bell. Through the users' indexes
   * (`notifications_user_created_at_idx`, `notification_groups_user_key_key`).
   */
  async patchData(
    tx: Transaction,
    m: { userIds: readonly number[]; kind: NotificationJobPayload['kind']; entityType: EntityType; entityId: number; match: Record<string, string | number> },
    patch: Record<string, string | number | null>,
  ): Promise<void> {
    if (m.userIds.length === 0) return;
    const match = JSON.stringify(m.match);
    const set = JSON.stringify(patch);
    await tx
      .update(notifications)
      .set({ data: sql`${notifications.data} || ${set}::jsonb` })
      .where(
        and(
          inArray(notifications.user_id, [...m.userIds]),
          eq(notifications.kind, m.kind),
          eq(notifications.entity_type, m.entityType),
          eq(notifications.entity_id, m.entityId),
          sql`${notifications.data} @> ${match}::jsonb`,
        ),
      );
    await tx
      .update(groups)
      .set({ data: sql`${groups.data} || ${set}::jsonb` })
      .where(
        and(
          inArray(groups.user_id, [...m.userIds]),
          eq(groups.kind, m.kind),
          eq(groups.entity_type, m.entityType),
          eq(groups.entity_id, m.entityId),
          sql`${groups.data} @> ${match}::jsonb`,
        ),
      );
  }

  /** Counts one e-mail sent about the group (the next one gets a new dedupe key). */
  async nextMailRound(groupId: number, tx: Transaction): Promise<void> {
    await tx
      .update(groups)
      .set({ mail_round: sql`${groups.mail_round} + 1` })
      .where(eq(groups.id, groupId));
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /** Notifications to the person go (with their groups); where they were the actor, the others' stay without them. */
  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(groups).where(eq(groups.user_id, userId));
    await tx.delete(notifications).where(eq(notifications.user_id, userId));
    await tx.update(notifications).set({ actor_user_id: null }).where(eq(notifications.actor_user_id, userId));
    await tx.update(groups).set({ actor_user_id: null }).where(eq(groups.actor_user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      notifications: await this.db.select().from(notifications).where(eq(notifications.user_id, userId)),
      notification_groups: await this.db.select().from(groups).where(eq(groups.user_id, userId)),
    };
  }
}
