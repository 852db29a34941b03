import { startTransition, useEffect, useState } from 'react';

/** Longest wait for the browser's first-contentful-paint entry (a page that paints no text, say). */
const PAINT_WAIT_MS = 3000;

function paintTimingSupported(): boolean {
  return (
    typeof PerformanceObserver !== 'undefined' &&
    typeof performance !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('paint')
  );
}

/**
 * Calls `then` in a task after the browser has shown the page's first content; returns a cancel.
 *
 * The browser's own `first-contentful-paint` entry is the signal: it is recorded when the frame has
 * been presented. A frame callback followed by a task (the earlier way) runs after the main thread's
 * paint step but before the frame reaches the screen, so requests started there still counted as
 * coming before the first paint (Lighthouse saw the header menus' 13 chunks start 15–25 ms before
 * its FCP). Without paint timing, or in a hidden tab that does not paint, a frame and a task, or a task.
 */
function afterFirstContentfulPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  let observer: PerformanceObserver | undefined;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    if (frame !== undefined) cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(then, 0);
  };
  const visible = typeof document === 'undefined' || document.visibilityState === 'visible';
  if (visible && paintTimingSupported()) {
    if (performance.getEntriesByName('first-contentful-paint').length > 0) run();
    else {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) run();
      });
      observer.observe({ type: 'paint', buffered: true });
      const fallback = setTimeout(run, PAINT_WAIT_MS);
      timer = fallback;
    }
  } else if (visible && typeof requestAnimationFrame === 'function') {
    frame = requestAnimationFrame(() => {
      frame = undefined;
      run();
    });
  } else run();
  return () => {
    done = true;
    observer?.disconnect();
    if (frame !== undefined) cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * False on the first render, true once the browser has shown the page's first content: for secondary
 * parts of the shell (the header's search, bell and account menu) whose chunks should not compete
 * with the page for the network and the main thread before the first paint.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  // A transition: what appears then (a menu's chunk, the toasts' container) renders in slices with the
  // browser free in between, not in one task while the page's own data arrives.
  useEffect(() => afterFirstContentfulPaint(() => startTransition(() => setPainted(true))), []);
  return painted;
}

/**
 * For `count` parts that load after the first paint from one chunk (the header's search, messages,
 * bell and account menu): 0 until the page has painted and `load` has settled, then 1, 2, … `count`,
 * one more per task. Each part then renders and commits on its own: mounted together they were one
 * commit of ~45 ms (unthrottled) right after the first paint, which Lighthouse's 4x slower simulation
 * counts as ~180 ms of one task (docs/performance/web.md). A `load` that fails still reveals the
 * parts: their own `lazy()` then reports the error as before. With `count` 0 nothing is loaded.
 */
export function useRevealAfterFirstPaint(count: number, load: () => Promise<unknown>): number {
  const painted = useAfterFirstPaint();
  const [loaded, setLoaded] = useState(false);
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!painted || count === 0) return;
    let live = true;
    const settle = () => {
      if (live) setLoaded(true);
    };
    load().then(settle, settle);
    return () => {
      live = false;
    };
  }, [painted, load, count]);
  useEffect(() => {
    if (!loaded || shown >= count) return;
    const timer = setTimeout(() => startTransition(() => setShown((n) => Math.min(count, n + 1))), 0);
    return () => clearTimeout(timer);
  }, [loaded, shown, count]);
  return shown;
}
