import { retryDelayMs } from './outbox-relay';

describe('retryDelayMs', () => {
  it('doubles from one second and stays at five minutes, however long the queue is away', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(9)).toBe(256_000);
    expect(retryDelayMs(10)).toBe(300_000);
    expect(retryDelayMs(1000)).toBe(300_000);
  });
});
