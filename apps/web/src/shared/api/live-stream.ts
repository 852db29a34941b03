import { notificationEndpoints } from '@legenett/contracts';
import type { z } from 'zod';
import { apiUrl } from './api-client';

/**
 * The tab's one connection to `GET /user-notifications/stream` (server-sent events), shared by whoever
 * listens: the bell's unread count (`event: unread`), the messages' live events (`event: chat`). Before,
 * the bell and the messages each opened their own, two long-lived connections per tab to the same
 * stream (docs/performance/web.md).
 *
 * - It opens with the first listener and closes with the last; a listener of another token (a new
 *   login) closes it and opens one with that token.
 * - EventSource cannot send headers, so the token travels as `?token=`. The browser retries a dropped
 *   connection itself (with `Last-Event-ID`); a refused one (an expired token, the server away) is
 *   closed and opened again after 1-2 s (at random), doubling up to 30-60 s, with `last_event_id` so
 *   the server sends the chat events missed meanwhile. An event that arrives sets the wait back to 2 s.
 * - A stream the server ends (`event: closed`: logged out, another mode, too many streams) is not
 *   reopened with the same token; a listener with another token opens it anew.
 * - A listener gets an event's data parsed and checked against its schema; data that is not JSON or
 *   does not fit is dropped.
 */
type LiveListener = (event: MessageEvent) => void;

const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;
/**
 * The wait before reopening a refused stream: between half and all of the back-off, at random, so the
 * tabs that lost the same server do not come back in one wave (issue 40). A dropped stream is
 * reopened by the browser after the `retry:` the server drew for it (jittered there).
 */
export const jittered = (delay: number, random: () => number = Math.random): number => Math.round(delay / 2 + random() * (delay / 2));

interface Connection {
  token: string;
  es: EventSource;
  /** The event names with a dispatcher on `es`. */
  names: Set<string>;
  lastId: string | null;
  delay: number;
  timer?: ReturnType<typeof setTimeout>;
  /** The server ended it (`event: closed`): nothing reopens it until a listener brings another token. */
  ended?: boolean;
}

const listeners = new Map<string, Set<LiveListener>>();
let connection: Connection | null = null;

const listenerCount = () => [...listeners.values()].reduce((n, set) => n + set.size, 0);

function dispatcher(current: Connection, name: string) {
  return (event: Event) => {
    const message = event as MessageEvent;
    if (message.lastEventId) current.lastId = message.lastEventId;
    current.delay = RETRY_MIN_MS;
    for (const listener of listeners.get(name) ?? []) listener(message);
  };
}

function listen(current: Connection, name: string): void {
  if (current.names.has(name)) return;
  current.names.add(name);
  current.es.addEventListener(name, dispatcher(current, name));
}

function open(token: string, lastId: string | null, delay: number): void {
  const es = new EventSource(apiUrl(notificationEndpoints.stream, undefined, { token, ...(lastId ? { last_event_id: lastId } : {}) }));
  const current: Connection = { token, es, names: new Set(), lastId, delay };
  connection = current;
  for (const name of listeners.keys()) listen(current, name);
  // The server ends a stream whose session ended (logout), whose mode changed (a company profile
  // entered or left: the token changes too) or that is one too many for the user. Reconnecting with
  // the same token would be refused or knock another tab's stream off, so the tab stays quiet until
  // a listener comes with a new token (the new session or mode) and opens it anew.
  es.addEventListener('closed', () => {
    if (connection !== current) return;
    current.ended = true;
    clearTimeout(current.timer);
    es.close();
  });
  es.addEventListener('error', () => {
    if (current.ended || es.readyState !== EventSource.CLOSED || connection !== current) return;
    es.close();
    current.timer = setTimeout(() => {
      if (connection === current && listenerCount() > 0) open(token, current.lastId, Math.min(current.delay * 2, RETRY_MAX_MS));
    }, jittered(current.delay));
  });
}

function close(): void {
  if (!connection) return;
  clearTimeout(connection.timer);
  connection.es.close();
  connection = null;
}

/** Listens to `name` events of the stream as `token`'s holder, their data checked by `schema`; returns the unsubscribe. */
export function subscribeLiveStream<T>(token: string, name: string, schema: z.ZodType<T>, onData: (data: T) => void): () => void {
  if (typeof globalThis.EventSource === 'undefined') return () => undefined;
  const listener: LiveListener = (event) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(event.data));
    } catch {
      return;
    }
    const result = schema.safeParse(parsed);
    if (result.success) onData(result.data);
  };
  const set = listeners.get(name) ?? new Set<LiveListener>();
  set.add(listener);
  listeners.set(name, set);
  if (connection && connection.token !== token) close();
  if (connection) listen(connection, name);
  else open(token, null, RETRY_MIN_MS);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(name);
    if (listenerCount() === 0) close();
  };
}
