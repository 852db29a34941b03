import { type MediaKind, POSITION_SAVE_INTERVAL_SECONDS } from '@legenett/contracts';
import { useEffect, useRef } from 'react';
import { savePosition, useInvalidateProgress } from '../api/media';

/**
 * Saves where the user is in `element` (every 15 s while playing, on pause, at the end, on leaving
 * the page or the item) for "continue where you left off". Nothing is saved before playing starts.
 */
export function usePositionSaver(kind: MediaKind, itemId: number | null, element: HTMLMediaElement | null) {
  const invalidate = useInvalidateProgress();
  const invalidateRef = useRef(invalidate);
  invalidateRef.current = invalidate;

  useEffect(() => {
    if (!element || itemId === null) return;
    let started = false;
    let lastSaved = -1;
    const save = (ended = false) => {
      if (!started) return;
      const position = Math.floor(element.currentTime);
      if (!ended && position === lastSaved) return;
      lastSaved = position;
      void savePosition({ kind, item_id: itemId, position_seconds: position, ended })
        .then(() => invalidateRef.current(kind))
        .catch(() => undefined);
    };
    const onPlay = () => {
      started = true;
    };
    const onPause = () => save();
    const onEnded = () => save(true);
    const onHide = () => save();
    const timer = window.setInterval(() => {
      if (!element.paused) save();
    }, POSITION_SAVE_INTERVAL_SECONDS * 1000);
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onPause);
    element.addEventListener('ended', onEnded);
    window.addEventListener('pagehide', onHide);
    return () => {
      save();
      window.clearInterval(timer);
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onPause);
      element.removeEventListener('ended', onEnded);
      window.removeEventListener('pagehide', onHide);
    };
  }, [element, itemId, kind]);
}
