import { Injectable } from '@nestjs/common';
import { MAX_MENTIONS, type Mention, type MentionPerson, mentionedIds, type NotificationJobPayload } from '@legenett/contracts';
import { isSelf } from '../../common/access';
import { type Principal } from '../../common/auth';
import { Storage } from '../../common/storage/storage';
import { type Transaction } from '../../database/unit-of-work';
import { NotificationPublisher } from '../notifications';
import { type MentionRow, MentionsRepository } from './mentions.repository';

/** Where a text with mentions was written. */
export interface MentionSite {
  post_id: number;
  post_slug: string;
  /** Null for the post's own text. */
  comment_id: number | null;
  text: string;
}

const group = (rows: MentionRow[], key: (r: MentionRow) => number | null): Map<number, Mention[]> => {
  const map = new Map<number, Mention[]>();
  for (const r of rows) {
    const k = key(r);
    if (k === null) continue;
    const list = map.get(k) ?? [];
    list.push({ id: r.id, slug: r.slug, first_name: r.first_name, last_name: r.last_name });
    map.set(k, list);
  }
  return map;
};

/**
 * `@` mentions in posts and comments (issue 27): the text keeps `@[<user id>]`, `post_mentions`
 * the people, and each newly mentioned person who may see the post, and has not blocked the
 * writer, gets one `mention` notification.
 */
@Injectable()
export class MentionsService {
  constructor(
    private readonly repository: MentionsRepository,
    private readonly notifications: NotificationPublisher,
    private readonly storage: Storage,
  ) {}

  async people(me: Principal, search: string): Promise<{ data: MentionPerson[] }> {
    const rows = await this.repository.people(me.userId, search);
    return {
      data: rows.map((r) => ({ id: r.id, slug: r.slug, first_name: r.first_name, last_name: r.last_name, profile_avatar: this.storage.publicUrl(r.avatar_key) })),
    };
  }

  /**
   * In the transaction that writes (or changes) the text: stores its mentions of approved members
   * (at most MAX_MENTIONS, never the writer), and notifies those added now who may see the post and
   * did not block the writer. Someone who may not see the post is told nothing.
   */
  async record(tx: Transaction, me: Principal, site: MentionSite): Promise<void> {
    const wanted = mentionedIds(site.text)
      .filter((id) => !isSelf(me, id))
      .slice(0, MAX_MENTIONS);
    const members = await this.repository.approvedMembers(wanted, tx);
    const added = await this.repository.replace(site.post_id, site.comment_id, wanted.filter((id) => members.includes(id)), tx);
    const told = await this.repository.notBlocking(await this.repository.maySeePost(site.post_id, added, tx), me.userId, tx);
    const where = site.comment_id === null ? `post:${site.post_id}` : `comment:${site.comment_id}`;
    await this.notifications.publishEach(
      tx,
      told.map((userId) => ({
        notification: {
          user_id: userId,
          kind: 'mention',
          actor_user_id: me.userId,
          partner_company_id: me.activeCompanyId,
          entity_type: site.comment_id === null ? 'post' : 'post_comment',
          entity_id: site.comment_id ?? site.post_id,
          data: { post_id: site.post_id, post_slug: site.post_slug, comment_id: site.comment_id, excerpt: site.text.slice(0, 140) },
        } satisfies NotificationJobPayload,
        dedupeKey: `mention:${where}:${userId}`,
      })),
    );
  }

  /** Per post id, whom its text mentions (for the link of each `@[id]`). */
  async ofPosts(postIds: readonly number[]): Promise<Map<number, Mention[]>> {
    return group(await this.repository.ofPosts(postIds), (r) => r.post_id);
  }

  /** Per comment id, whom it mentions. */
  async ofComments(commentIds: readonly number[]): Promise<Map<number, Mention[]>> {
    return group(await this.repository.ofComments(commentIds), (r) => r.comment_id);
  }
}
