/** Playback speeds offered by both players. */
export const SPEEDS = [
  { value: '0.75', label: '0,75×' },
  { value: '1', label: '1×' },
  { value: '1.25', label: '1,25×' },
  { value: '1.5', label: '1,5×' },
  { value: '2', label: '2×' },
];

/** Starts playing; a refused autoplay (or an environment without media) is not an error. */
export function playQuietly(element: HTMLMediaElement | null | undefined): void {
  const started = element?.play() as Promise<void> | undefined;
  if (started && typeof started.catch === 'function') started.catch(() => undefined);
}
