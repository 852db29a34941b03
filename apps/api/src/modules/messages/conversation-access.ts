import { Injectable } from '@nestjs/common';
import { isHealthPersonnel, type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { type Transaction } from '../../database/unit-of-work';
import { AddresseesRepository } from './addressees.repository';
import { ConversationsRepository, type Membership } from './conversations.repository';
import { cannotDeliver, type ParticipantState, partyOf, READABLE } from './parties';
import { ParticipantsRepository } from './participants.repository';
import { SettingsAndBlocksRepository } from './settings-and-blocks.repository';

/**
 * The module's access functions (docs/messages.md, "Access"): who reads and who writes a
 * conversation, and how a first message from the caller reaches someone. Every service of this
 * module asks here.
 */
@Injectable()
export class ConversationAccess {
  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly participants: ParticipantsRepository,
    private readonly settings: SettingsAndBlocksRepository,
    private readonly addressees: AddresseesRepository,
  ) {}

  /**
   * May this caller read this conversation? Their membership when they are an active participant
   * or have it as an open request; 404 otherwise (not a participant, left, removed, declined, or no
   * such conversation).
   */
  async readable(me: Principal, conversationId: number, tx?: Transaction): Promise<Membership> {
    const m = await this.conversations.membership(conversationId, partyOf(me), tx);
    if (!m || !READABLE.includes(m.state)) throw AppError.notFound();
    return m;
  }

  /**
   * May this caller write in this conversation? Readable, not suspended, and in a one-to-one
   * conversation not blocked by the other person ("cannot deliver", nothing more).
   */
  async writable(me: Principal, conversationId: number): Promise<Membership> {
    const m = await this.readable(me, conversationId);
    await this.requireNotSuspended(me);
    if (m.kind === 'direct') {
      const other = await this.participants.otherUser(conversationId, partyOf(me));
      if (other !== null && (await this.blocksSender(other, me))) throw cannotDeliver();
    }
    return m;
  }

  async requireNotSuspended(me: Principal): Promise<void> {
    const { suspended_until } = await this.settings.settings(me.userId);
    if (suspended_until && suspended_until.getTime() > Date.now()) {
      throw new AppError('FORBIDDEN', { message: 'messages.errors.suspended', vars: { until: suspended_until.toISOString().slice(0, 10) } });
    }
  }

  /**
   * How a first message from `me` reaches user `to`: straight in (`active`), as a request, or not at
   * all (they blocked the sender, or take messages from nobody): "cannot deliver" either way.
   */
  async admission(me: Principal, to: number): Promise<ParticipantState | null> {
    if (await this.blocksSender(to, me)) return null;
    const who = await this.settings.whoCanMessage(to);
    if (who === 'nobody') return null;
    if (me.activeCompanyId !== null) return 'request';
    if (who === 'mutual') return (await this.addressees.mutualFollow(me.userId, to)) ? 'active' : 'request';
    return isHealthPersonnel(me, 'confirmed') ? 'active' : 'request';
  }

  /** Whether member `userId` blocked the caller as they write: the company in business mode, else themselves. */
  private blocksSender(userId: number, me: Principal): Promise<boolean> {
    return me.activeCompanyId !== null ? this.settings.isCompanyBlocked(userId, me.activeCompanyId) : this.settings.isBlocked(userId, me.userId);
  }
}
