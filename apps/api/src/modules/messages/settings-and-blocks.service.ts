import { Injectable } from '@nestjs/common';
import { AccessService, isSelf } from '../../common/access';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { AddresseesRepository } from './addressees.repository';
import { fieldError, type WhoCanMessage } from './parties';
import { SettingsAndBlocksRepository } from './settings-and-blocks.repository';

/** Who may write to me (`who_can_message`), and the people and companies I blocked. */
@Injectable()
export class SettingsAndBlocksService {
  constructor(
    private readonly repository: SettingsAndBlocksRepository,
    private readonly addressees: AddresseesRepository,
    private readonly access: AccessService,
  ) {}

  async mySettings(me: Principal) {
    const s = await this.repository.settings(me.userId);
    return { data: { who_can_message: s.who_can_message, suspended_until: s.suspended_until?.toISOString() ?? null } };
  }

  async updateSettings(me: Principal, who: WhoCanMessage) {
    await this.repository.setWhoCanMessage(me.userId, who);
    return this.mySettings(me);
  }

  /** People and companies the caller blocked, newest first. */
  async blocks(me: Principal) {
    const [people, companies] = await Promise.all([this.repository.blocks(me.userId), this.repository.companyBlocks(me.userId)]);
    const all = [
      ...people.map((r) => ({ type: 'user' as const, id: r.id, slug: r.slug, name: `${r.first_name} ${r.last_name}`, at: r.blocked_at })),
      ...companies.map((r) => ({ type: 'company' as const, id: r.id, slug: r.slug, name: r.name, at: r.blocked_at })),
    ].sort((a, b) => b.at.getTime() - a.at.getTime());
    return { data: all.map(({ at, ...r }) => ({ ...r, blocked_at: at.toISOString() })) };
  }

  /** Blocks a company the caller can see (404 otherwise): acting as it, nobody can write to the caller. */
  async blockCompany(me: Principal, companyId: number): Promise<void> {
    await this.access.requireSeesCompany(me.userId, companyId);
    if (await this.access.managesCompany(me.userId, companyId)) throw fieldError('companyId', 'messages.errors.cannot_block_self');
    await this.repository.blockCompany(me.userId, companyId);
  }

  async unblockCompany(me: Principal, companyId: number): Promise<void> {
    await this.repository.unblockCompany(me.userId, companyId);
  }

  async block(me: Principal, userId: number): Promise<void> {
    if (isSelf(me, userId)) throw fieldError('userId', 'messages.errors.cannot_block_self');
    if (!(await this.addressees.recipient(userId))) throw AppError.notFound();
    await this.repository.block(me.userId, userId);
  }

  async unblock(me: Principal, userId: number): Promise<void> {
    await this.repository.unblock(me.userId, userId);
  }
}
