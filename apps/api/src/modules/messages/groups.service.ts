import { Injectable } from '@nestjs/common';
import { type CreateGroupInput, MAX_GROUP_SIZE } from '@legenett/contracts';
import { AccessService, isSelf, othersThan } from '../../common/access';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { UnitOfWork } from '../../database/unit-of-work';
import { AddresseesRepository } from './addressees.repository';
import { ConversationAccess } from './conversation-access';
import { ConversationsRepository, type Membership } from './conversations.repository';
import { ConversationsService } from './conversations.service';
import { MessagesPresenter } from './messages.presenter';
import { fieldError, notAGroup, type ParticipantState, type Party, partyOf, READABLE } from './parties';
import { ParticipantsRepository } from './participants.repository';

/** Groups (personal, up to 20 people): made by their creator, who adds and removes people; anyone leaves. */
@Injectable()
export class GroupsService {
  constructor(
    private readonly access: ConversationAccess,
    private readonly owners: AccessService,
    private readonly conversations: ConversationsService,
    private readonly conversationRows: ConversationsRepository,
    private readonly participants: ParticipantsRepository,
    private readonly addressees: AddresseesRepository,
    private readonly presenter: MessagesPresenter,
    private readonly uow: UnitOfWork,
  ) {}

  async create(me: Principal, input: CreateGroupInput) {
    const members = await this.admitAll(me, input.user_ids, 1);
    await this.access.requireNotSuspended(me);
    return this.conversations.open(me, { kind: 'group', title: input.title, direct_key: null, topic: null }, members, input.body);
  }

  async addParticipants(me: Principal, conversationId: number, userIds: number[]) {
    await this.ownGroup(me, conversationId);
    await this.access.requireNotSuspended(me);
    const members = await this.admitAll(me, userIds, await this.participants.activeMemberCount(conversationId));
    await this.uow.run((tx) => this.conversationRows.addMembers(tx, conversationId, members));
    return { data: await this.presenter.conversation(me, conversationId) };
  }

  async removeParticipant(me: Principal, conversationId: number, userId: number) {
    await this.ownGroup(me, conversationId);
    if (isSelf(me, userId)) throw fieldError('userId', 'messages.errors.remove_self');
    const target = await this.conversationRows.membership(conversationId, { kind: 'user', id: userId });
    if (!target || !READABLE.includes(target.state)) throw AppError.notFound();
    await this.participants.setState(undefined, conversationId, { kind: 'user', id: userId }, 'removed');
    return { data: await this.presenter.conversation(me, conversationId) };
  }

  async leave(me: Principal, conversationId: number): Promise<void> {
    const m = await this.access.readable(me, conversationId);
    if (m.kind !== 'group') throw notAGroup();
    await this.participants.setState(undefined, conversationId, partyOf(me), 'left');
  }

  /** A group the caller made (adding and removing people is the creator's). */
  private async ownGroup(me: Principal, conversationId: number): Promise<Membership> {
    const m = await this.access.readable(me, conversationId);
    if (m.kind !== 'group') throw notAGroup();
    await this.owners.requireManages(me.userId, 'conversation', conversationId);
    return m;
  }

  /** People to put into a group: approved members, not the caller, who did not block them; their states. */
  private async admitAll(me: Principal, userIds: number[], alreadyIn: number): Promise<{ party: Party; state: ParticipantState }[]> {
    const ids = othersThan(me, userIds);
    if (ids.length === 0) throw fieldError('user_ids', 'messages.errors.group_needs_others');
    if (ids.length + alreadyIn > MAX_GROUP_SIZE) throw fieldError('user_ids', 'messages.errors.group_full', { maximum: MAX_GROUP_SIZE });
    const known = new Set(await this.addressees.recipients(ids));
    if (ids.some((id) => !known.has(id))) throw fieldError('user_ids', 'validation.unknown_reference');
    const members: { party: Party; state: ParticipantState }[] = [];
    for (const id of ids) {
      const state = await this.access.admission(me, id);
      if (state === null) throw fieldError('user_ids', 'messages.errors.cannot_add');
      members.push({ party: { kind: 'user', id }, state });
    }
    return members;
  }
}
