import { Injectable } from '@nestjs/common';
import { PubSub, type PubSubChannel } from '../../common/pubsub';

/**
 * "The unread count of user N changed": the channel `notifications:unread` of the one pub/sub
 * (common/pubsub), so every API replica's streams hear it.
 */
@Injectable()
export class UnreadBus {
  private readonly channel: PubSubChannel<number>;

  constructor(pubsub: PubSub) {
    this.channel = pubsub.channel<number>('notifications:unread', (userId) => [String(userId)]);
  }

  /** On a request's path (mark as read): never waits on a Redis that is away (rejects; the caller logs it). */
  publish(userId: number): Promise<void> {
    return this.channel.publish(userId);
  }

  /** Listen for changes of one user's count; returns the unsubscribe function. */
  subscribe(userId: number, listener: () => void): Promise<() => void> {
    return this.channel.subscribe(String(userId), () => listener());
  }
}
