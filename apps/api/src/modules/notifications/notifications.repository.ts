import { Injectable } from '@nestjs/common';
import { type NotificationJobPayload } from '@legenett/contracts';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { orderFor, type PageSource, type Slice } from '../../common/lists';
import { InjectDatabase } from '../../database/database.module';

const { notifications, users } = schema;

type EntityType = (typeof schema.NOTIFICATION_ENTITY_TYPES)[number];
const isEntityType = (v: string): v is EntityType =>
  (schema.NOTIFICATION_ENTITY_TYPES as readonly string[]).includes(v);

export interface NotificationRow {
  id: number;
  kind: NotificationJobPayload['kind'];
  actor: { id: number; slug: string; first_name: string; last_name: string } | null;
  partner_company_id: number | null;
  entity_type: string | null;
  entity_id: number | null;
  data: Record<string, unknown>;
  read_at: Date | null;
  created_at: Date;
}

/** Kinds shown as one entry per entity while unread (`chat_message`: one per conversation). */
const GROUPED_KINDS: ReadonlySet<NotificationJobPayload['kind']> = new Set(['chat_message']);

/** Newest first, as notifications_user_created_at_idx holds them (so a page walks the index, no sort). */
const NEWEST_FIRST = [
  [notifications.created_at, 'desc', 'last'],
  [notifications.id, 'desc', 'last'],
] as const;

/** Notifications; the only notifications file that speaks SQL. */
@Injectable()
export class NotificationsRepository {
  /**
   * The bell's queries run on every page view: built once and sent as named prepared statements
   * (docs/performance/api-overhead.md); the page in both reading directions.
   */
  private readonly prepared;

  constructor(@InjectDatabase() private readonly db: Database) {
    const userId = sql.placeholder('userId');
    const page = (fromEnd: boolean, name: string) =>
      db
        .select({
          id: notifications.id,
          kind: notifications.kind,
          actor_id: users.id,
          actor_slug: users.slug,
          actor_first_name: users.first_name,
          actor_last_name: users.last_name,
          partner_company_id: notifications.partner_company_id,
          entity_type: notifications.entity_type,
          entity_id: notifications.entity_id,
          data: notifications.data,
          read_at: notifications.read_at,
          created_at: notifications.created_at,
        })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actor_user_id))
        .where(eq(notifications.user_id, userId))
        .orderBy(...orderFor(NEWEST_FIRST, fromEnd))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name);
    this.prepared = {
      count: db.select({ n: count() }).from(notifications).where(eq(notifications.user_id, userId)).prepare('notifications_count'),
      unread: db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)))
        .prepare('notifications_unread'),
      page: page(false, 'notifications_page'),
      pageFromEnd: page(true, 'notifications_page_end'),
    };
  }

  async insert(p: NotificationJobPayload, tx?: Transaction): Promise<void> {
    const entityType = p.entity_type === null ? null : isEntityType(p.entity_type) ? p.entity_type : null;
    if (p.entity_type !== null && entityType === null)
      throw new Error(`Unknown notification entity type ${p.entity_type}`);
    const db = tx ?? this.db;
    if (GROUPED_KINDS.has(p.kind) && entityType !== null && p.entity_id !== null) {
      // One bell entry per thing while unread (a conversation's messages): the newest replaces it.
      const updated = await db
        .update(notifications)
        .set({ actor_user_id: p.actor_user_id, partner_company_id: p.partner_company_id, data: p.data, created_at: sql`now()` })
        .where(
          and(
            eq(notifications.user_id, p.user_id),
            isNull(notifications.read_at),
            eq(notifications.kind, p.kind),
            eq(notifications.entity_type, entityType),
            eq(notifications.entity_id, p.entity_id),
          ),
        )
        .returning({ id: notifications.id });
      if (updated.length > 0) return;
    }
    await db.insert(notifications).values({
      user_id: p.user_id,
      kind: p.kind,
      actor_user_id: p.actor_user_id,
      partner_company_id: p.partner_company_id,
      entity_type: entityType,
      entity_id: entityType === null ? null : p.entity_id,
      data: p.data,
    });
  }

  /** Marks the user's unread notifications about one entity read (a conversation read to the end). */
  async markEntityRead(userId: number, entityType: EntityType, entityId: number): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ read_at: sql`now()` })
      .where(
        and(
          eq(notifications.user_id, userId),
          isNull(notifications.read_at),
          eq(notifications.entity_type, entityType),
          eq(notifications.entity_id, entityId),
        ),
      )
      .returning({ id: notifications.id });
    return rows.length;
  }

  /** The user's notifications, newest first (served by notifications_user_created_at_idx). */
  list(userId: number): PageSource<NotificationRow> {
    return {
      count: async () => {
        const [row] = await this.prepared.count.execute({ userId });
        return row?.n ?? 0;
      },
      read: (slice) => this.slice(userId, slice),
    };
  }

  private async slice(userId: number, slice: Slice): Promise<NotificationRow[]> {
    const query = slice.fromEnd ? this.prepared.pageFromEnd : this.prepared.page;
    const rows = await query.execute({ userId, limit: slice.limit, offset: slice.offset });
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      actor:
        r.actor_id !== null &&
        r.actor_slug !== null &&
        r.actor_first_name !== null &&
        r.actor_last_name !== null
          ? {
              id: r.actor_id,
              slug: r.actor_slug,
              first_name: r.actor_first_name,
              last_name: r.actor_last_name,
            }
          : null,
      partner_company_id: r.partner_company_id,
      entity_type: r.entity_type,
      entity_id: r.entity_id,
      data: r.data,
      read_at: r.read_at,
      created_at: r.created_at,
    }));
  }

  /** Served by the partial index notifications_user_unread_idx. */
  async unreadCount(userId: number): Promise<number> {
    const [row] = await this.prepared.unread.execute({ userId });
    return row?.n ?? 0;
  }

  /** Marks the caller's own unread ones among `ids`; returns how many changed. */
  async markRead(userId: number, ids: number[]): Promise<number> {
    const changed = await this.db
      .update(notifications)
      .set({ read_at: new Date() })
      .where(
        and(eq(notifications.user_id, userId), inArray(notifications.id, ids), isNull(notifications.read_at)),
      )
      .returning({ id: notifications.id });
    return changed.length;
  }

  /** Marks every unread notification of the user read (the partial unread index finds them); returns how many changed. */
  async markAllRead(userId: number): Promise<number> {
    const changed = await this.db
      .update(notifications)
      .set({ read_at: new Date() })
      .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)))
      .returning({ id: notifications.id });
    return changed.length;
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /** Notifications to the person go; where they were the actor, the others' notifications stay without them. */
  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(notifications).where(eq(notifications.user_id, userId));
    await tx.update(notifications).set({ actor_user_id: null }).where(eq(notifications.actor_user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return { notifications: await this.db.select().from(notifications).where(eq(notifications.user_id, userId)) };
  }
}
