import { useEffect } from 'react';
import { enterViewing, sendLeftWatching } from '../api/courses';

/** Every 60 s while watching: a closed laptop still leaves a record that ends within a minute. */
const HEARTBEAT_MS = 60_000;

/**
 * Records a viewing while `active` (the player is on screen): `user-entered-on` when it starts or
 * the page becomes visible again, the `user-left-watching` beacon every minute, when the page is
 * hidden and when it closes. Everything fails silently.
 */
export function useCourseViewing(courseId: number, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    let token: string | null = null;
    let cancelled = false;
    const leave = () => {
      if (token) sendLeftWatching(courseId, token);
    };
    const enter = () => {
      void enterViewing(courseId).then((t) => {
        if (!cancelled) token = t;
      });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        leave();
        token = null;
      } else if (!token) {
        enter();
      }
    };
    enter();
    const timer = setInterval(leave, HEARTBEAT_MS);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', leave);
    return () => {
      cancelled = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [courseId, active]);
}
