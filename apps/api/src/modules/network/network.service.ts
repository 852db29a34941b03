import { Injectable } from '@nestjs/common';
import {
  type PageMeta,
  type PageQuery,
  type ProfileSearchQuery,
  type Suggestion,
  type SuggestionsQuery,
  type UserCard,
} from '@legenett/contracts';
import { isSelf } from '../../common/access';
import { type Principal } from '../../common/auth';
import { readPage } from '../../common/lists';
import { AppError } from '../../common/errors/app-error';
import { Storage } from '../../common/storage/storage';
import { UnitOfWork } from '../../database/unit-of-work';
import { NotificationPublisher } from '../notifications';
import { NetworkRepository, type UserCardRow } from './network.repository';

/** Following members, their followers and the name search. */
@Injectable()
export class NetworkService {
  constructor(
    private readonly repository: NetworkRepository,
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationPublisher,
    private readonly storage: Storage,
  ) {}

  async follow(me: Principal, slug: string): Promise<{ data: { following: boolean } }> {
    const target = await this.member(slug);
    if (isSelf(me, target.id)) throw new AppError('VALIDATION', { fields: { slug: ['network.errors.self_follow'] } });
    await this.uow.run(async (tx) => {
      if (!(await this.repository.follow(me.userId, target.id, tx))) return;
      await this.notifications.publish(tx, {
        user_id: target.id,
        kind: 'new_follower',
        actor_user_id: me.userId,
        partner_company_id: null,
        entity_type: 'user',
        entity_id: me.userId,
        data: {},
      });
    });
    return { data: { following: true } };
  }

  async unfollow(me: Principal, slug: string): Promise<{ data: { following: boolean } }> {
    const target = await this.member(slug);
    await this.repository.unfollow(me.userId, target.id);
    return { data: { following: false } };
  }

  async followers(slug: string, q: PageQuery): Promise<{ data: UserCard[]; meta: PageMeta }> {
    const target = await this.member(slug);
    const { rows, meta } = await readPage(q, this.repository.followers(target.id));
    return { data: rows.map((r) => this.card(r)), meta };
  }

  async following(slug: string, q: PageQuery): Promise<{ data: UserCard[]; meta: PageMeta }> {
    const target = await this.member(slug);
    const { rows, meta } = await readPage(q, this.repository.following(target.id));
    return { data: rows.map((r) => this.card(r)), meta };
  }

  /** People you may know: the repository's best ids, then their cards in one query. */
  async suggestions(me: Principal, q: SuggestionsQuery): Promise<{ data: Suggestion[] }> {
    const scores = await this.repository.suggestions(me.userId, q.limit);
    const cards = new Map((await this.repository.cards(scores.map((s) => s.id))).map((c) => [c.id, c]));
    return {
      data: scores.flatMap((s) => {
        const found = cards.get(s.id);
        return found ? [{ ...this.card(found), reason: s.reason, followed_by_count: s.followed_by_count }] : [];
      }),
    };
  }

  async search(q: ProfileSearchQuery): Promise<{ data: UserCard[]; meta: PageMeta }> {
    const { rows, meta } = await readPage(q, this.repository.search(q.name));
    return { data: rows.map((r) => this.card(r)), meta };
  }

  private async member(slug: string): Promise<UserCardRow> {
    const row = await this.repository.memberBySlug(slug);
    if (!row) throw AppError.notFound();
    return row;
  }

  private card(r: UserCardRow): UserCard {
    return { ...r, profile_avatar: this.storage.publicUrl(r.profile_avatar) };
  }
}
