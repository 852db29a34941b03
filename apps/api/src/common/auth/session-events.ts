import { Injectable, Logger } from '@nestjs/common';
import { PubSub, type PubSubChannel } from '../pubsub';

/**
 * A session ended or changed what it acts as. `family`: one session (logout, a session revoked, a
 * switch of business mode, then with the mode it acts in now); `user` without `family`: every
 * session of the user but `keep` (password change, "log out everywhere", a block).
 */
export type SessionEvent =
  | { type: 'ended'; family: number }
  | { type: 'ended'; user: number; keep: number | null }
  | { type: 'mode'; family: number; activeCompanyId: number | null };

/** Every listener hears every session event. */
const ALL = 'all';

/**
 * Tells every replica's long-lived connections (the live stream) that a session ended or switched
 * mode, so they close instead of delivering to a logged-out tab or in the mode left: the channel
 * `auth:sessions` of the one pub/sub (common/pubsub). Publishing never fails the caller's action.
 */
@Injectable()
export class SessionEvents {
  private readonly logger = new Logger('SessionEvents');
  private readonly channel: PubSubChannel<SessionEvent>;

  constructor(pubsub: PubSub) {
    this.channel = pubsub.channel<SessionEvent>('auth:sessions', () => [ALL]);
  }

  async publish(event: SessionEvent): Promise<void> {
    try {
      await this.channel.publish(event);
    } catch (err) {
      // Redis away: this replica's streams still hear it; the others' close at their token's next check.
      this.channel.deliverHere(event);
      this.logger.warn(`Session event not published: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Listens to every session event; returns the unsubscribe function. */
  subscribe(listener: (event: SessionEvent) => void): Promise<() => void> {
    return this.channel.subscribe(ALL, listener);
  }
}
