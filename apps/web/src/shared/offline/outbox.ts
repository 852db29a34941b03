import { useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { ApiError, NetworkError } from '@/shared/api/api-error';
import { createExternalStore } from '@/shared/lib/external-store';
import { safeStorage } from '@/shared/lib/storage';

/**
 * The offline message queue (issue 41, docs/push-and-pwa.md "Uten nett / offline"): a text message
 * written without a connection waits here, in this browser's local storage under the writer's user
 * id, with the idempotency key (`client_key`) made when it was written. It is sent when the
 * connection returns, always with that key, so a retry after a lost answer never makes a second
 * message. Cleared at logout and when another account logs in on the device.
 */
export const OUTBOX_PREFIX = 'legenett-outbox-';
const keyOf = (userId: number) => `${OUTBOX_PREFIX}${userId}`;

const QueuedMessageSchema = z.object({
  client_key: z.string(),
  conversation_id: z.number().int(),
  body: z.string(),
  reply_to_id: z.number().int().nullable(),
  written_at: z.string(),
});
export type QueuedMessage = z.infer<typeof QueuedMessageSchema>;

/** Bumped on every change, so the thread shows the queue as it is. */
const changes = createExternalStore(0);

const read = (userId: number): QueuedMessage[] => parse(safeStorage.get(keyOf(userId)));

function parse(raw: string | null): QueuedMessage[] {
  if (!raw) return [];
  try {
    const parsed = z.array(QueuedMessageSchema).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function write(userId: number, list: QueuedMessage[]): void {
  if (list.length === 0) safeStorage.remove(keyOf(userId));
  else safeStorage.set(keyOf(userId), JSON.stringify(list));
  changes.set((n) => n + 1);
}

/** The user ids with a queue in this browser. */
function queuedUserIds(): number[] {
  const ids: number[] = [];
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(OUTBOX_PREFIX)) ids.push(Number(key.slice(OUTBOX_PREFIX.length)));
    }
  } catch {
    /* no storage, no queues */
  }
  return ids;
}

export const outbox = {
  add(userId: number, message: QueuedMessage): void {
    write(userId, [...read(userId), message]);
  },
  remove(userId: number, clientKey: string): void {
    write(userId, read(userId).filter((m) => m.client_key !== clientKey));
  },
  /** Forgets every queue but `keepUserId`'s (all of them at logout: null); true when there was one. */
  clearOthers(keepUserId: number | null): boolean {
    const others = queuedUserIds().filter((id) => id !== keepUserId);
    for (const id of others) safeStorage.remove(keyOf(id));
    if (others.length > 0) changes.set((n) => n + 1);
    return others.length > 0;
  },
};

/** The messages of one conversation still waiting for a connection, oldest first. */
export function useQueuedMessages(userId: number | null, conversationId: number): QueuedMessage[] {
  // The stored text is the snapshot (a string compares by value); parsed when it changes.
  const raw = useSyncExternalStore(changes.subscribe, () => (userId === null ? null : safeStorage.get(keyOf(userId))));
  return useMemo(() => (raw === null ? [] : parse(raw).filter((m) => m.conversation_id === conversationId)), [raw, conversationId]);
}

/** Whether an answer means "try again later" (no answer, the server busy or down) rather than "never". */
export const isTransient = (error: unknown): boolean =>
  error instanceof NetworkError || (error instanceof ApiError && (error.status >= 500 || error.status === 429));

const flushing = new Map<number, Promise<void>>();

export interface FlushHandlers {
  send: (message: QueuedMessage) => Promise<unknown>;
  /** After a message was sent (to read its conversation again). */
  onSent?: (message: QueuedMessage) => void;
  /** The API refused it for good (e.g. no longer a participant): it leaves the queue. */
  onRefused?: (message: QueuedMessage, error: unknown) => void;
}

/**
 * Sends a user's queue in the order written, one at a time, each with its own key. Stops at the first
 * transient failure (the rest wait for the next 'online' event or start); one run per user at a time.
 */
export function flushOutbox(userId: number, handlers: FlushHandlers): Promise<void> {
  const running = flushing.get(userId);
  if (running) return running;
  const run = (async () => {
    for (const message of read(userId)) {
      if (typeof navigator !== 'undefined' && !navigator.onLine) return;
      try {
        await handlers.send(message);
      } catch (error) {
        if (isTransient(error)) return;
        outbox.remove(userId, message.client_key);
        handlers.onRefused?.(message, error);
        continue;
      }
      outbox.remove(userId, message.client_key);
      handlers.onSent?.(message);
    }
  })().finally(() => flushing.delete(userId));
  flushing.set(userId, run);
  return run;
}
