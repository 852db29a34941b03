import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstFrame } from './next-task';

describe('afterFirstFrame', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    return () => done;
  };

  it('resolves in the task after the next frame', async () => {
    const done = settled(afterFirstFrame());
    await vi.advanceTimersByTimeAsync(10);
    expect(done()).toBe(false);
    frames.forEach((frame) => frame(0));
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
  });

  it('goes on after 100 ms without a frame (a stylesheet still on its way)', async () => {
    const done = settled(afterFirstFrame());
    await vi.advanceTimersByTimeAsync(99);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);
  });

  it('does not wait for a frame on a hidden page', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const done = settled(afterFirstFrame());
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
    expect(frames).toHaveLength(0);
  });
});
