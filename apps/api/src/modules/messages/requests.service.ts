import { Injectable } from '@nestjs/common';
import { isSelf } from '../../common/access';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { UnitOfWork } from '../../database/unit-of-work';
import { ConversationAccess } from './conversation-access';
import { MessageEvents } from './message-events';
import { type Party, partyOf } from './parties';
import { ParticipantsRepository } from './participants.repository';
import { SettingsAndBlocksRepository } from './settings-and-blocks.repository';

/** Answering a message request: accept, decline, or decline and block the sender (a member or a company). */
@Injectable()
export class RequestsService {
  constructor(
    private readonly access: ConversationAccess,
    private readonly participants: ParticipantsRepository,
    private readonly blocks: SettingsAndBlocksRepository,
    private readonly events: MessageEvents,
    private readonly uow: UnitOfWork,
  ) {}

  async decide(me: Principal, conversationId: number, decision: 'accept' | 'decline' | 'block') {
    const m = await this.access.readable(me, conversationId);
    if (m.state !== 'request') throw new AppError('CONFLICT', { message: 'messages.errors.not_a_request' });
    const party = partyOf(me);
    if (decision === 'accept') {
      await this.participants.setState(undefined, conversationId, party, 'active');
      this.events.publish(await this.participants.readers(conversationId), { type: 'request', conversation_id: conversationId, decision: 'accept' });
      return { data: { state: 'active' as const } };
    }
    // "Block" on a company's request blocks the company (its managers write as it), not a person.
    const other: Party | null =
      m.kind === 'direct'
        ? await this.participants.otherParty(conversationId, party)
        : m.created_by_user_id !== null
          ? { kind: 'user', id: m.created_by_user_id }
          : null;
    await this.uow.run(async (tx) => {
      await this.participants.setState(tx, conversationId, party, 'declined');
      if (decision === 'block' && party.kind === 'user' && other !== null) {
        if (other.kind === 'company') await this.blocks.blockCompany(me.userId, other.id, tx);
        else if (!isSelf(me, other.id)) await this.blocks.block(me.userId, other.id, tx);
      }
    });
    return { data: { state: 'declined' as const } };
  }
}
