import { Injectable } from '@nestjs/common';
import { type Principal } from '../../common/auth';

/**
 * Writes one server-sent event to a caller's stream; `id` (digits, rising: a message id) sets the event
 * id the browser resends on reconnect, written only above the highest so far on the stream (issue 40).
 */
export type StreamWrite = (event: string, data: unknown, id?: string) => void;

/**
 * Another module's events on the bell's stream (`GET /user-notifications/stream`): called when a
 * stream opens with the caller, the writer, the `Last-Event-ID` the browser sent back (to catch up
 * on what it missed) and the mark (a fresh stream's starting id); answers the unsubscribe function,
 * called when the stream closes.
 */
export type StreamSource = (me: Principal, write: StreamWrite, lastEventId: string | undefined, mark: StreamMark) => Promise<() => void>;

/**
 * Gives a new stream its starting id without an event (`id:` alone: the browser keeps it as its last
 * event id and sends it back on reconnect), so a tab that dropped before its first event still
 * catches up on what was published while it was away (issue 40). Written only above the highest id.
 */
export type StreamMark = (id: string) => void;

/**
 * The modules that add events to the one event stream (messages adds `event: chat`). A source that
 * speaks for a company too (`businessMode`) also runs on the stream of a manager acting as the
 * company, which carries no bell (the bell is personal); the others run on personal streams only.
 */
@Injectable()
export class StreamSources {
  private readonly sources: { source: StreamSource; businessMode: boolean }[] = [];

  register(source: StreamSource, options: { businessMode?: boolean } = {}): void {
    this.sources.push({ source, businessMode: options.businessMode ?? false });
  }

  /** The sources for a stream: all on a personal one, those with `businessMode` on a company's. */
  all(personal = true): readonly StreamSource[] {
    return this.sources.filter((s) => personal || s.businessMode).map((s) => s.source);
  }
}
