import { Injectable } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { Authenticator, checkGates, type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { NotificationsService } from './notifications.service';
import { StreamSources } from './stream-sources';

/** Comment lines keep proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * `GET /user-notifications/stream`: server-sent events carrying `{ unreadCount }` at connect and
 * whenever the count changes, and other modules' events (`StreamSources`). EventSource cannot send
 * headers, so the access token may also come as the `token` query parameter (this route only).
 * Approved members only; in business mode the stream carries no bell (it is personal), only the
 * sources that speak for the company (messages: the company's conversations).
 */
@Injectable()
export class NotificationStreamService {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly notifications: NotificationsService,
    private readonly sources: StreamSources,
  ) {}

  /** `lastEventId`: the `last_event_id` query parameter, for a new EventSource after a refused one (the browser's own retries send `Last-Event-ID`). */
  async open(req: Request, res: Response, token: string | undefined, lastEventIdParam?: string): Promise<void> {
    const me = await this.caller(req, token);
    const userId = me.userId;
    const personal = me.activeCompanyId === null;
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();

    let closed = false;
    let last = -1;
    let sending = Promise.resolve();
    const send = (): void => {
      sending = sending
        .then(async () => {
          if (closed) return;
          const unreadCount = await this.notifications.unreadCount(userId);
          if (closed || unreadCount === last) return;
          last = unreadCount;
          res.write(`event: unread\ndata: ${JSON.stringify({ unreadCount })}\n\n`);
        })
        .catch(() => undefined);
    };
    const unsubscribe = personal ? await this.notifications.onChange(userId, send) : () => undefined;
    // Other modules' events (messages: `event: chat`), with the id the browser resends on reconnect.
    const write = (event: string, data: unknown, id?: string): void => {
      if (closed) return;
      res.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const header = req.headers['last-event-id'];
    const lastEventId = typeof header === 'string' && header !== '' ? header : lastEventIdParam;
    const others: (() => void)[] = [];
    let gone = false;
    req.on('close', () => {
      gone = true;
      for (const off of others) off();
    });
    for (const source of this.sources.all(personal)) {
      try {
        const off = await source(me, write, lastEventId);
        if (gone) off();
        else others.push(off);
      } catch {
        // A source that cannot start (its database is away) leaves the bell's count working.
      }
    }
    const heartbeat = setInterval(() => {
      if (!closed) res.write(': ping\n\n');
    }, HEARTBEAT_MS);
    heartbeat.unref();
    req.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
    });
    if (personal) send();
  }

  private async caller(req: Request, token: string | undefined): Promise<Principal> {
    let principal: Principal | null = req.principal ?? null;
    if (!principal) {
      if (!token) throw new AppError('UNAUTHENTICATED');
      const result = await this.authenticator.resolveToken(token);
      if (!result.ok) throw new AppError(result.failure === 'expired' ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED');
      principal = result.principal;
    }
    // Not `personal`: a manager acting as a company hears the company's messages (no bell).
    checkGates(principal, 'member', {});
    return principal;
  }
}
