/** The environment variable that carries the e2e servers' URLs from the global set-up to the workers. */
export const SERVERS_ENV = 'E2E_SERVERS';

/** Workers, and so products started: E2E_WORKERS, else 2 (one per core of a small machine). */
export function e2eWorkers(): number {
  const n = Number(process.env.E2E_WORKERS ?? 2);
  return Number.isInteger(n) && n >= 1 ? n : 2;
}

/**
 * The base URL of this worker's product: workers are numbered 0..workers-1 (`TEST_PARALLEL_INDEX`; a
 * worker restarted after a failure keeps its number, and so its server). Outside a worker (the runner
 * loading the config before the set-up) there is none yet.
 */
export function workerBaseURL(): string | undefined {
  const raw = process.env[SERVERS_ENV];
  if (!raw) return undefined;
  const urls = JSON.parse(raw) as string[];
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  return urls[index % urls.length];
}
