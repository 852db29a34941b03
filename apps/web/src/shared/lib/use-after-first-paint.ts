import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it: for secondary parts of the shell
 * (the header's search, bell and account menu) whose chunks should not compete with the page for the
 * network and the main thread before the first paint. A frame, then a task: the paint of that frame
 * comes between them. Without frames (a background tab, tests), a task.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const afterPaint = () => {
      timer = setTimeout(() => setPainted(true), 0);
    };
    const visible = typeof document === 'undefined' || document.visibilityState === 'visible';
    const frame = visible && typeof requestAnimationFrame === 'function' ? requestAnimationFrame(afterPaint) : undefined;
    if (frame === undefined) afterPaint();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
