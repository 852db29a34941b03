/** Days, hours, minutes and seconds from now until `target` (all zero once it has passed). */
export function countdownParts(
  target: number,
  now: number,
): { days: number; hours: number; min: number; sec: number } {
  const total = Math.max(0, Math.floor((target - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    min: Math.floor((total % 3600) / 60),
    sec: total % 60,
  };
}
