/**
 * One send at a time per conversation in this process (messages.service.ts `send`).
 *
 * A message takes its conversation's next sequence number under the conversation's row lock
 * (MessagesRepository.append), which is what gives every reader one order. A burst into one
 * conversation therefore runs its transactions one after the other anyway; without this queue each
 * waiting send would do its waiting inside a transaction, holding a pooled connection that only
 * waits on the lock. A burst of a few dozen sends then held the whole pool, and every other request
 * (the rest of the burst included) timed out waiting for a connection: 503 "timeout exceeded when
 * trying to connect". Here the sends wait in memory, in arrival order, and take a connection only
 * when it is their turn; across API replicas the row lock still orders them, with at most one
 * transaction per replica waiting on it.
 */
export class ConversationTurns {
  /** The tail of each conversation's queue: settles when the last send queued there is done. */
  private readonly tails = new Map<number, Promise<unknown>>();

  /** Runs `work` after every earlier `run` for `conversationId` has settled (whether or not it failed). */
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
