import { Injectable, Logger } from '@nestjs/common';
import { type Database, type Transaction } from '@legenett/db';
import { InjectDatabase } from './database.tokens';

export { type Transaction } from '@legenett/db';

/**
 * One database transaction around several repository calls, for a service that must write a row
 * and what follows from it (an outbox job, see common/outbox) together or not at all:
 *
 *   await this.uow.run(async (tx) => {
 *     const created = await this.repository.follow(me, target, tx);
 *     if (created) await this.notifications.publish(tx, payload);
 *   });
 *
 * Services only pass the opaque `tx` on; repositories run their statements on it (`tx ?? this.db`)
 * and stay the only code that speaks SQL. A repository that opens its own transaction opens a
 * savepoint inside `tx` instead.
 */
@Injectable()
export class UnitOfWork {
  private readonly logger = new Logger('UnitOfWork');
  private readonly hooks = new WeakMap<Transaction, (() => void)[]>();

  constructor(@InjectDatabase() private readonly db: Database) {}

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const afterCommit: (() => void)[] = [];
    const result = await this.db.transaction(async (tx) => {
      this.hooks.set(tx, afterCommit);
      return work(tx);
    });
    for (const hook of afterCommit) {
      try {
        hook();
      } catch (err) {
        // The transaction is committed: a failing hook must not turn the caller's success into an error.
        this.logger.warn(`After-commit hook failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return result;
  }

  /**
   * Runs `hook` once `tx` has committed (never if it rolls back). `tx` must come from `run`;
   * returns false (hook not kept) for any other transaction.
   */
  afterCommit(tx: Transaction, hook: () => void): boolean {
    const list = this.hooks.get(tx);
    if (!list) return false;
    list.push(hook);
    return true;
  }
}
