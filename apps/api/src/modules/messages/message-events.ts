import { Injectable, Logger } from '@nestjs/common';
import { type MessageEvent } from '@legenett/contracts';
import { PubSub, type PubSubChannel } from '../../common/pubsub';

/** A reader of a conversation: a user, or a company (its managers' tabs in business mode). */
export interface EventReader {
  user_id: number | null;
  company_id: number | null;
}

/** What travels: the readers' keys and the event (only what changed: nothing private). */
interface Delivery {
  to: string[];
  event: MessageEvent;
}

export const readerKey = (r: EventReader): string => (r.company_id !== null ? `c${r.company_id}` : `u${r.user_id ?? 0}`);

/**
 * Live message events (new message, edited or deleted, read marks, request accepted) for the open
 * tabs of every participant: the channel `messages:events` of the one pub/sub (common/pubsub), so
 * every replica's streams hear them. An event only says what changed (conversation and sequence
 * number); the tab reads the message through the API, so nothing private travels through Redis and
 * a lost event costs only a later catch-up.
 */
@Injectable()
export class MessageEvents {
  private readonly logger = new Logger('MessageEvents');
  private readonly channel: PubSubChannel<Delivery>;
  private failing = false;

  constructor(pubsub: PubSub) {
    this.channel = pubsub.channel<Delivery>('messages:events', (d) => d.to);
  }

  /** Tells the readers' tabs; never throws (the message is stored, the tab catches up on reconnect). */
  publish(readers: readonly EventReader[], event: MessageEvent): void {
    const to = [...new Set(readers.map(readerKey))];
    if (to.length === 0) return;
    this.channel
      .publish({ to, event })
      .then(() => {
        if (this.failing) this.logger.log('Message events publish again');
        this.failing = false;
      })
      .catch((error: unknown) => {
        if (!this.failing) this.logger.warn(`Message event publish failed (tabs catch up on reconnect): ${error instanceof Error ? error.message : String(error)}`);
        this.failing = true;
      });
  }

  /** Listens for the events of one reader (`u12`, `c3`); returns the unsubscribe function. */
  subscribe(key: string, listener: (event: MessageEvent) => void): Promise<() => void> {
    return this.channel.subscribe(key, (d) => listener(d.event));
  }
}
