import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CHAT_STREAM_EVENT, type MessageEvent } from '@legenett/contracts';
import { Batcher } from '../../common/batching';
import { StreamSources } from '../notifications';
import { MessageEvents, readerKey } from './message-events';
import { MessagesRepository } from './messages.repository';
import { partyOf } from './parties';

/** At most this many missed messages are replayed on reconnect; more, and the tab reloads its lists. */
export const CATCH_UP_LIMIT = 200;

/**
 * Message events on the bell's stream (`event: chat`): every event for the caller's open tabs, live
 * from `MessageEvents` (all replicas), and on reconnect the messages after the last message id the
 * tab had (`Last-Event-ID`; a fresh stream is marked with the newest message id). Subscribed before the catch-up is read, so nothing falls between the
 * two; an event that comes both ways is shown once by the tab (it keys messages by sequence number).
 * In business mode the caller is the company: every manager's tab acting as it hears the company's
 * conversations (`c<id>`), the same events its participant row is published to.
 */
@Injectable()
export class MessagesStream implements OnModuleInit {
  /**
   * The newest message id for the fresh streams: those that ask while a read runs share the next one
   * (a burst of streams opening: a few reads, not one per stream; issue 40). That read starts after
   * each of them subscribed, as a read of its own would (a later message comes live).
   */
  private readonly newest: Batcher<null, number>;

  constructor(
    private readonly sources: StreamSources,
    private readonly events: MessageEvents,
    private readonly repository: MessagesRepository,
  ) {
    this.newest = new Batcher<null, number>(
      async (asked) => {
        const id = await this.repository.newestMessageId();
        return asked.map(() => id);
      },
      () => this.repository.newestMessageId(),
      { maxBatch: 10_000, maxInFlight: 1, flush: 'when-free' },
    );
  }

  onModuleInit(): void {
    this.sources.register(
      async (me, write, lastEventId, mark) => {
        const send = (e: MessageEvent) => write(CHAT_STREAM_EVENT, e, e.type === 'message' ? String(e.message_id) : undefined);
        const party = partyOf(me);
        const key = readerKey(party.kind === 'company' ? { user_id: null, company_id: party.id } : { user_id: party.id, company_id: null });
        const off = await this.events.subscribe(key, send);
        // `0` is a mark too: the stream opened before the first message of all (an empty table).
        const after = lastEventId !== undefined && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : null;
        if (after !== null) {
          for (const m of await this.repository.messagesSince(party, after, CATCH_UP_LIMIT)) {
            send({ type: 'message', conversation_id: m.conversation_id, seq: m.seq, message_id: m.id });
          }
        } else {
          // A fresh stream starts at the newest message id (read after subscribing: a later message
          // comes live). A tab that drops before its first event resumes from it; without it, it
          // would come back without an id and miss what was sent meanwhile (issue 40). With no message
          // yet the mark is 0 (a tab without it missed the first messages: the scale tier's kill test).
          mark(String(await this.newest.submit(null)));
        }
        return off;
      },
      { businessMode: true },
    );
  }
}
