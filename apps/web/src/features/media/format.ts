export { formatDate } from '@/shared/lib/dates';

/** `1:02:03` or `4:05`. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '–';
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** How far along, 0–100, or null when unknown. */
export function percentOf(position: number, duration: number | null): number | null {
  if (!duration || duration <= 0) return null;
  return Math.min(100, Math.max(0, Math.round((position / duration) * 100)));
}
