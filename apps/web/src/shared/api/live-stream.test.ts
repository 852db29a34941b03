import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FakeEventSource } from '@/testing/fake-event-source';
import { jittered, subscribeLiveStream } from './live-stream';

const open = () => FakeEventSource.instances.filter((s) => s.readyState !== FakeEventSource.CLOSED);

describe('the live stream', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is one connection for every listener of the tab, each getting its own events, closed with the last', () => {
    const unread: unknown[] = [];
    const chat: unknown[] = [];
    const offUnread = subscribeLiveStream('t1', 'unread', z.object({ unreadCount: z.number() }), (data) => unread.push(data));
    const offChat = subscribeLiveStream('t1', 'chat', z.object({ conversation_id: z.number() }), (data) => chat.push(data));
    expect(FakeEventSource.instances).toHaveLength(1);
    const stream = FakeEventSource.instances[0]!;
    expect(stream.url).toBe('/api/user-notifications/stream?token=t1');
    stream.emit('unread', { unreadCount: 2 });
    stream.emit('chat', { conversation_id: 5 });
    // Data that does not fit its schema, or is not JSON, reaches nobody.
    stream.emit('unread', { unreadCount: 'many' });
    stream.emit('chat', undefined);
    expect(unread).toEqual([{ unreadCount: 2 }]);
    expect(chat).toEqual([{ conversation_id: 5 }]);
    offUnread();
    expect(stream.readyState).toBe(FakeEventSource.OPEN);
    offChat();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
    expect(open()).toHaveLength(0);
  });

  it('opens a new connection for a new token and closes the old one', () => {
    const offA = subscribeLiveStream('t1', 'unread', z.unknown(), () => undefined);
    const offB = subscribeLiveStream('t2', 'chat', z.unknown(), () => undefined);
    expect(FakeEventSource.instances.map((s) => [s.url, s.readyState])).toEqual([
      ['/api/user-notifications/stream?token=t1', FakeEventSource.CLOSED],
      ['/api/user-notifications/stream?token=t2', FakeEventSource.OPEN],
    ]);
    offA();
    offB();
    expect(open()).toHaveLength(0);
  });

  it('opens again after a refusal, waiting longer each time, from the last event id it had', () => {
    // The longest wait the jitter draws (the whole back-off).
    vi.spyOn(Math, 'random').mockReturnValue(1 - Number.EPSILON);
    const seen: unknown[] = [];
    const off = subscribeLiveStream('t1', 'chat', z.object({ n: z.number() }), (data) => seen.push(data));
    FakeEventSource.instances[0]!.emit('chat', { n: 1 }, '41');
    FakeEventSource.instances[0]!.fail();
    vi.advanceTimersByTime(1_999);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances[1]!.url).toBe('/api/user-notifications/stream?token=t1&last_event_id=41');
    // Refused again at once: 4 s this time.
    FakeEventSource.instances[1]!.fail();
    vi.advanceTimersByTime(3_999);
    expect(FakeEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(3);
    expect(seen).toEqual([{ n: 1 }]);
    off();
    // Nobody listens: a refusal now opens nothing.
    FakeEventSource.instances[2]!.fail();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(3);
  });

  it('waits a random part of the back-off, so tabs refused together do not come back together', () => {
    expect(jittered(2_000, () => 0)).toBe(1_000);
    expect(jittered(2_000, () => 0.5)).toBe(1_500);
    expect(jittered(60_000, () => 1 - Number.EPSILON)).toBe(60_000);
    vi.spyOn(Math, 'random').mockReturnValue(0.25);
    const off = subscribeLiveStream('t1', 'chat', z.object({ n: z.number() }), () => undefined);
    FakeEventSource.instances[0]!.fail();
    vi.advanceTimersByTime(1_249);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    off();
  });

  it('does not reopen a stream the server ended (logout, too many streams), until another token comes', () => {
    const seen: unknown[] = [];
    const offFirst = subscribeLiveStream('t1', 'chat', z.object({ n: z.number() }), (data) => seen.push(data));
    const first = FakeEventSource.instances[0]!;
    first.emit('closed', { reason: 'too_many_streams' });
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    // Another listener of the same session: still quiet.
    subscribeLiveStream('t1', 'unread', z.object({ unreadCount: z.number() }), () => undefined);
    expect(open()).toHaveLength(0);
    // The session after a new login (or the other mode) has another token: opened anew.
    offFirst();
    subscribeLiveStream('t2', 'chat', z.object({ n: z.number() }), (data) => seen.push(data));
    expect(open().map((s) => s.url)).toEqual(['/api/user-notifications/stream?token=t2']);
    open()[0]!.emit('chat', { n: 2 });
    expect(seen).toEqual([{ n: 2 }]);
  });
});
