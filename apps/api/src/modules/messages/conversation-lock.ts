/**
 * A lock per conversation, in this process: one send at a time into a conversation
 * (sending.service.ts `send`), the others waiting in memory in arrival order.
 *
 * A message takes its conversation's next sequence number under the conversation's row lock
 * (MessagesRepository.append), which is what gives every reader one order. A burst into one
 * conversation therefore runs its transactions one after the other anyway; without this queue each
 * waiting send would do its waiting inside a transaction, holding a pooled connection that only
 * waits on the lock. A burst of a few dozen sends then held the whole pool, and every other request
 * (the rest of the burst included) timed out waiting for a connection: 503 "timeout exceeded when
 * trying to connect". Under this lock the sends wait in memory, in arrival order, and take a connection only
 * when it is their turn; across API replicas the row lock still orders them, with at most one
 * transaction per replica waiting on it.
 */
export class ConversationLock {
  /** The tail of each conversation's queue: settles when the last send queued there is done. */
  private readonly tails = new Map<number, Promise<unknown>>();

  /** Runs `work` holding the conversation's lock: after every earlier `run` for `conversationId` has settled (whether or not it failed). */
  async run<T>(conversationId: number, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(conversationId) ?? Promise.resolve();
    const mine = before.then(work, work);
    const tail = mine.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(conversationId, tail);
    try {
      return await mine;
    } finally {
      // The last in line clears the entry, so idle conversations keep no memory.
      if (this.tails.get(conversationId) === tail) this.tails.delete(conversationId);
    }
  }
}
