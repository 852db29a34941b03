/**
 * Resolves in a task of its own: the browser may paint, take input and run other tasks in between.
 * The start-up steps (`after-*.ts`, imported in order by `main.tsx`) await it at their top level.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Resolves in the task after the browser's next frame: what the page's HTML shows (the cookie notice
 * the API writes into it) is painted before the start-up runs, instead of after it (Chromium runs a
 * module script whose files have arrived before it produces its first frame). A hidden page gets no
 * frames, and a stylesheet still on its way holds them back: after `FRAME_WAIT_MS` the start-up goes
 * on without one.
 */
const FRAME_WAIT_MS = 100;
export const afterFirstFrame = (): Promise<void> =>
  new Promise((resolve) => {
    if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    const timer = setTimeout(resolve, FRAME_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
