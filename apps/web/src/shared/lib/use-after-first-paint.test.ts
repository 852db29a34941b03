import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { useAfterFirstPaint, useRevealAfterFirstPaint } from './use-after-first-paint';

type Deliver = (names: string[]) => void;

/** A PerformanceObserver that reports paint entries when the test says so. */
function fakePaintTiming(alreadyPainted = false) {
  const observers: { deliver: Deliver; connected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    private entry = { deliver: (() => undefined) as Deliver, connected: false };
    constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
      this.entry.deliver = (names) =>
        callback({ getEntriesByName: (name) => names.filter((n) => n === name).map((n) => ({ name: n })) });
      observers.push(this.entry);
    }
    observe() {
      this.entry.connected = true;
    }
    disconnect() {
      this.entry.connected = false;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name: string) =>
    alreadyPainted && name === 'first-contentful-paint' ? ([{ name }] as unknown as PerformanceEntryList) : [],
  );
  return {
    paint: (names: string[]) => observers.filter((o) => o.connected).forEach((o) => o.deliver(names)),
    connected: () => observers.filter((o) => o.connected).length,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('useAfterFirstPaint', () => {
  it('without paint timing (jsdom): false for the first render, true after the next frame', async () => {
    const { result } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('waits for the browser’s first-contentful-paint entry, not for the first frame', async () => {
    const timing = fakePaintTiming();
    const { result } = renderHook(() => useAfterFirstPaint());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(false);
    act(() => timing.paint(['first-paint']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBe(false);
    act(() => timing.paint(['first-contentful-paint']));
    await waitFor(() => expect(result.current).toBe(true));
    expect(timing.connected()).toBe(0);
  });

  it('is true at once when the first content was painted before it mounted', async () => {
    fakePaintTiming(true);
    const { result } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('gives up waiting after 3 s (a page that paints no text)', () => {
    vi.useFakeTimers();
    const timing = fakePaintTiming();
    const { result } = renderHook(() => useAfterFirstPaint());
    act(() => vi.advanceTimersByTime(2900));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe(true);
    expect(timing.connected()).toBe(0);
  });

  it('schedules nothing after unmounting', async () => {
    const timing = fakePaintTiming();
    const { unmount, result } = renderHook(() => useAfterFirstPaint());
    act(() => unmount());
    expect(timing.connected()).toBe(0);
    timing.paint(['first-contentful-paint']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(false);
  });
});

describe('useRevealAfterFirstPaint', () => {
  it('reveals nothing before the first paint and the load, then one part more per task', async () => {
    const timing = fakePaintTiming();
    let finish: () => void = () => undefined;
    const load = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const shown = useRevealAfterFirstPaint(3, load);
      seen.push(shown);
      return shown;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBe(0);
    expect(load).not.toHaveBeenCalled();
    act(() => timing.paint(['first-contentful-paint']));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBe(0);
    await act(async () => finish());
    await waitFor(() => expect(result.current).toBe(3));
    // One at a time: every count from 0 to 3 was rendered.
    expect([...new Set(seen)]).toEqual([0, 1, 2, 3]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reveals the parts when the load fails (their own lazy import reports it)', async () => {
    const load = vi.fn(() => Promise.reject(new Error('chunk')));
    const { result } = renderHook(() => useRevealAfterFirstPaint(2, load));
    await waitFor(() => expect(result.current).toBe(2));
  });

  it('loads nothing when there is nothing to reveal', async () => {
    const load = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useRevealAfterFirstPaint(0, load));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(0);
    expect(load).not.toHaveBeenCalled();
  });
});
