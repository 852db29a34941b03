import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { Authenticator, checkGates, type Principal, type SessionEvent, SessionEvents } from '../../common/auth';
import { Batcher } from '../../common/batching';
import { AppError } from '../../common/errors/app-error';
import { Heartbeat } from '../../common/http';
import { NotificationsService } from './notifications.service';
import { StreamSources } from './stream-sources';
import { UnreadWatchers } from './unread-watchers';

/** Comment lines keep proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** Open streams per user in one process: a new one beyond this closes the oldest (docs/messages.md). */
export const MAX_STREAMS_PER_USER = 5;
/** Why the server ended a stream (`event: closed`): the tab reconnects only after `mode`. */
export type StreamCloseReason = 'session_ended' | 'mode_changed' | 'too_many_streams';
/** What the browser waits before it reconnects on its own after a stream the server ended (ms). */
const RETRY_AFTER_CLOSE_MS: Record<StreamCloseReason, number> = { session_ended: 60_000, mode_changed: 1_000, too_many_streams: 60_000 };
/**
 * The browser's own reconnect after a dropped stream (a process that died, a proxy restart) waits the
 * `retry:` the stream sent: each stream gets its own wait in this range, so the tabs of a process that
 * died come back spread over it, not all at once on the browser's default of 3 s (issue 40).
 */
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 8_000;
/** The stream's `retry:` line: a wait drawn at random in [RECONNECT_MIN_MS, RECONNECT_MAX_MS]. */
export const reconnectRetry = (random: () => number = Math.random): number =>
  RECONNECT_MIN_MS + Math.floor(random() * (RECONNECT_MAX_MS - RECONNECT_MIN_MS + 1));

interface OpenStream {
  userId: number;
  familyId: number;
  activeCompanyId: number | null;
  close(reason: StreamCloseReason): void;
}

/**
 * `GET /user-notifications/stream`: server-sent events carrying `{ unreadCount }` at connect and
 * whenever the bell's entries change (the count may stay the same), and other modules' events
 * (`StreamSources`). EventSource cannot send headers, so the access token may also come as the `token` query parameter (this route only).
 * Approved members only; in business mode the stream carries no bell (it is personal), only the
 * sources that speak for the company (messages: the company's conversations).
 */
@Injectable()
export class NotificationStreamService implements OnModuleDestroy {
  /** This process's open streams per user, oldest first. */
  private readonly streams = new Map<number, OpenStream[]>();
  private listening: Promise<() => void> | null = null;
  /** One timer beats for every stream of this process. */
  private readonly heartbeat = new Heartbeat(HEARTBEAT_MS);
  /** One read of a user's count per change and process, shared by the user's streams. */
  private readonly unread: UnreadWatchers;

  constructor(
    private readonly authenticator: Authenticator,
    private readonly notifications: NotificationsService,
    private readonly sources: StreamSources,
    private readonly sessionEvents: SessionEvents,
  ) {
    // The counts asked for while a read runs are read together in the next statement (a burst of
    // streams opening: a few reads, not one per stream; issue 40). Each read starts after it was
    // asked for, so no count is older than the change that asked (UnreadWatchers' rule).
    const counts = new Batcher<number, number>(
      (userIds) => this.notifications.unreadCounts(userIds),
      (userId) => this.notifications.unreadCount(userId),
      { maxBatch: 500, maxInFlight: 2, flush: 'when-free' },
    );
    this.unread = new UnreadWatchers(
      (userId) => counts.submit(userId),
      (userId, changed) => this.notifications.onChange(userId, changed),
    );
  }

  /** How many streams this process holds open for a user (tests, metrics). */
  openCount(userId: number): number {
    return this.streams.get(userId)?.length ?? 0;
  }

  /**
   * A session ended (logout, revoked, password change, block): its streams close. A session switched
   * business mode: its streams in the mode it left close (a stream opened in the new mode stays).
   */
  private onSession(event: SessionEvent): void {
    for (const streams of [...this.streams.values()]) {
      for (const s of [...streams]) {
        if (event.type === 'mode') {
          if (s.familyId === event.family && s.activeCompanyId !== event.activeCompanyId) s.close('mode_changed');
        } else if ('family' in event) {
          if (s.familyId === event.family) s.close('session_ended');
        } else if (s.userId === event.user && s.familyId !== event.keep) {
          s.close('session_ended');
        }
      }
    }
  }

  private register(stream: OpenStream): () => void {
    const list = this.streams.get(stream.userId) ?? [];
    this.streams.set(stream.userId, list);
    list.push(stream);
    // Over the cap: the oldest streams close first.
    while (list.length > MAX_STREAMS_PER_USER) list[0]!.close('too_many_streams');
    return () => {
      const at = list.indexOf(stream);
      if (at >= 0) list.splice(at, 1);
      if (list.length === 0 && this.streams.get(stream.userId) === list) this.streams.delete(stream.userId);
    };
  }

  async onModuleDestroy(): Promise<void> {
    if (this.listening) (await this.listening)();
  }

  /** `lastEventId`: the `last_event_id` query parameter, for a new EventSource after a refused one (the browser's own retries send `Last-Event-ID`). */
  async open(req: Request, res: Response, token: string | undefined, lastEventIdParam?: string): Promise<void> {
    const me = await this.caller(req, token);
    this.listening ??= this.sessionEvents.subscribe((event) => this.onSession(event));
    await this.listening;
    const userId = me.userId;
    const personal = me.activeCompanyId === null;
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    let closed = false;
    // What is written before `: open` leaves with it, headers included, in one write: one system
    // call per opening stream instead of one per line (issue 40: the writes were a quarter of the
    // time of a burst of opens). Written at once from then on.
    let opening: string[] | null = [];
    const send = (text: string): void => {
      if (opening) opening.push(text);
      else res.write(text);
    };
    // Every change, also one that leaves the count as it was: a second like joins the unread entry
    // "Ola Bakken likte innlegget ditt" (still 1 unread), and the open bell reads its entries again on
    // the event to show "Ola Bakken og 1 annen …" (issue 42). A change is a stored notification or a
    // read mark (notifications.service.ts pings only when rows changed); the count is read once per
    // change for all of the user's streams in this process (UnreadWatchers, issue 40).
    const unsubscribe = personal
      ? await this.unread.watch(userId, (unreadCount) => {
          if (closed) return;
          send(`event: unread\ndata: ${JSON.stringify({ unreadCount })}\n\n`);
        })
      : () => undefined;
    const header = req.headers['last-event-id'];
    const lastEventId = typeof header === 'string' && header !== '' ? header : lastEventIdParam;
    // A resumed stream (`Last-Event-ID`): a source replays what the tab missed while it already
    // listens live, so an event may come both ways (read by the catch-up and published after it).
    // Each id is written once; the ids are kept until the second heartbeat after the catch-up (a live
    // event comes within milliseconds of its commit), then dropped: a new stream keeps none.
    let written: Set<string> | null = lastEventId === undefined ? null : new Set<string>();
    // The highest id written: the `id:` line goes only on an event above it. Events of different
    // conversations arrive out of id order (commits and publishes race); the browser resends the last
    // `id:` it saw, and a lower one would replay events the tab already has (issue 40: a duplicate
    // per out-of-order event after a reconnect). An event without `id:` keeps the browser's last id.
    // A fresh stream starts below every id, so that its mark is written even when it is 0 (no message
    // yet: the tab resumes from 0 and catches up on the first messages, issue 40).
    let highest = lastEventId !== undefined && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : -1;
    // Other modules' events (messages: `event: chat`), with the id the browser resends on reconnect.
    const write = (event: string, data: unknown, id?: string): void => {
      if (closed) return;
      if (id !== undefined && written) {
        if (written.has(id)) return;
        written.add(id);
      }
      let idLine = '';
      if (id !== undefined && /^\d{1,15}$/.test(id) && Number(id) > highest) {
        highest = Number(id);
        idLine = `id: ${id}\n`;
      }
      send(`${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const mark = (id: string): void => {
      if (closed || !/^\d{1,15}$/.test(id) || Number(id) <= highest) return;
      highest = Number(id);
      send(`id: ${id}\n\n`);
    };
    const others: (() => void)[] = [];
    let gone = false;
    req.on('close', () => {
      gone = true;
      for (const off of others.splice(0)) off();
    });
    for (const source of this.sources.all(personal)) {
      try {
        const off = await source(me, write, lastEventId, mark);
        if (gone) off();
        else others.push(off);
      } catch {
        // A source that cannot start (its database is away) leaves the bell's count working.
      }
    }
    // Every source listens now: a comment says so (EventSource ignores it; a test waits for it).
    // With it, the wait before the browser's own reconnect if this stream drops, jittered per stream.
    if (!gone) res.write(`${opening.join('')}retry: ${reconnectRetry()}\n\n: open\n\n`);
    opening = null;
    let beats = 0;
    const stopBeating = this.heartbeat.add(() => {
      if (written && ++beats >= 2) written = null;
      if (!closed) res.write(': ping\n\n');
    });
    let unregister = (): void => undefined;
    const finish = (): void => {
      if (closed) return;
      closed = true;
      gone = true;
      stopBeating();
      unsubscribe();
      for (const off of others.splice(0)) off();
      unregister();
    };
    req.on('close', finish);
    res.on('close', finish);
    if (closed) return;
    const stream: OpenStream = {
      userId,
      familyId: me.familyId,
      activeCompanyId: me.activeCompanyId,
      close: (reason) => {
        if (closed) return;
        // Told why, and how long to wait before the browser's own reconnect; then the stream ends.
        res.write(`retry: ${RETRY_AFTER_CLOSE_MS[reason]}\nevent: closed\ndata: ${JSON.stringify({ reason })}\n\n`);
        finish();
        res.end();
      },
    };
    unregister = this.register(stream);
    // The session was read before the stream was registered: a logout or a switch of business mode
    // whose event came in between found no stream to close. Read once more now that any later event
    // finds it (a revocation commits before its event is published, so this read sees it).
    const ended = await this.endedWhileOpening(req, token, me);
    if (ended) stream.close(ended);
  }

  private async endedWhileOpening(req: Request, token: string | undefined, me: Principal): Promise<StreamCloseReason | null> {
    try {
      const again = token ? await this.authenticator.resolveToken(token, 'stream') : await this.authenticator.resolve(req);
      // An access token that aged out meanwhile leaves the session as it was (the stream outlives its token).
      if (!again.ok) return again.failure === 'expired' ? null : 'session_ended';
      return again.principal.activeCompanyId === me.activeCompanyId ? null : 'mode_changed';
    } catch {
      // The database went away meanwhile: the stream stays, as the ones opened before it do.
      return null;
    }
  }

  private async caller(req: Request, token: string | undefined): Promise<Principal> {
    let principal: Principal | null = req.principal ?? null;
    if (!principal) {
      if (!token) throw new AppError('UNAUTHENTICATED');
      const result = await this.authenticator.resolveToken(token, 'stream');
      if (!result.ok) throw new AppError(result.failure === 'expired' ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED');
      principal = result.principal;
    }
    // Not `personal`: a manager acting as a company hears the company's messages (no bell).
    checkGates(principal, 'member', {});
    return principal;
  }
}
