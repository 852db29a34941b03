import { Injectable } from '@nestjs/common';
import { type Transaction, UnitOfWork } from '../../database/unit-of-work';
import { OutboxRelay } from './outbox-relay';
import { type OutboxJob, OutboxRepository } from './outbox.repository';

/**
 * The one way to start a background job from a module: `add(tx, job)` writes it to the job
 * outbox in the caller's transaction, so it exists exactly when the caller's rows do. The relay
 * hands it to the JobQueue right after the commit (and retries until the queue takes it); the
 * request never waits on Redis. Without a transaction, `add(null, job)` opens its own.
 */
@Injectable()
export class JobOutbox {
  constructor(
    private readonly repository: OutboxRepository,
    private readonly uow: UnitOfWork,
    private readonly relay: OutboxRelay,
  ) {}

  async add(tx: Transaction | null, jobs: OutboxJob | readonly OutboxJob[]): Promise<void> {
    const list: readonly OutboxJob[] = Array.isArray(jobs) ? jobs : [jobs as OutboxJob];
    if (list.length === 0) return;
    if (tx === null) {
      await this.uow.run((own) => this.add(own, list));
      return;
    }
    const written = await this.repository.insert(tx, list);
    // Outside UnitOfWork.run there is no commit to hook: the relay's poll finds the job instead.
    if (written > 0) this.uow.afterCommit(tx, () => this.relay.wake());
  }

  /** Account erasure: the jobs whose payload names this account, pending or done, go. */
  eraseUser(userId: number, tx?: Transaction): Promise<number> {
    return this.repository.deleteForUser(userId, tx);
  }
}
