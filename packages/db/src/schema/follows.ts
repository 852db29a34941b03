import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { timestamps } from './_shared';
import { users } from './accounts';

export const userFollows = pgTable(
  'user_follows',
  {
    follower_id: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followed_user_id: integer('followed_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.follower_id, t.followed_user_id] }),
    check('user_follows_no_self_check', sql`${t.follower_id} <> ${t.followed_user_id}`),
    // `/profile/{slug}/followers`, newest first; the primary key serves "whom do I follow" (feed).
    index('user_follows_followed_created_at_idx').on(t.followed_user_id, t.created_at.desc()),
    index('user_follows_follower_created_at_idx').on(t.follower_id, t.created_at.desc()),
  ],
);
