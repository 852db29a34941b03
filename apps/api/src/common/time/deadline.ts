/**
 * `work`, or a rejection with `message` once `ms` have passed (the timer is cleared either way). What
 * is given up on may still settle later: its outcome no longer matters, and its rejection is caught.
 * Modules take their timers from here and from the Scheduler (docs/how-to/scheduled-jobs.md).
 */
export function withDeadline<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
