import { outboxJobId, outboxRowOf, retryDelayMs } from './outbox-relay';

describe('retryDelayMs', () => {
  it('doubles from one second and stays at five minutes, however long the queue is away', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(9)).toBe(256_000);
    expect(retryDelayMs(10)).toBe(300_000);
    expect(retryDelayMs(1000)).toBe(300_000);
  });
});

describe('outbox job ids', () => {
  it('name the row, and only job ids the relay made name one', () => {
    expect(outboxJobId(42)).toBe('outbox-42');
    expect(outboxRowOf(outboxJobId(42))).toBe(42);
    expect(outboxRowOf(undefined)).toBeNull();
    expect(outboxRowOf('123')).toBeNull();
    expect(outboxRowOf('repeat:housekeeping.purge:1')).toBeNull();
    expect(outboxRowOf('outbox-12x')).toBeNull();
  });
});
