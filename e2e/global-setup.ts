import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { e2eWorkers, SERVERS_ENV } from './servers';

const root = path.resolve(__dirname, '..');
const requireDb = createRequire(__filename);
const { freePort } = requireDb(path.join(root, 'packages', 'db', 'dist', 'index.js')) as { freePort: (preferred: number) => Promise<number> };

/** Waits until the server answers its health check, or fails with what it printed. */
async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the e2e server for ${url} exited with ${child.exitCode} before it answered`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the e2e server for ${url} did not answer within ${timeoutMs / 1000} s`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * One product per worker, each on a database of its own (scripts/e2e-server.mjs: the built product on a
 * fresh embedded PostgreSQL, or a fresh database on DATABASE_URL's server), started side by side. A test
 * file runs against its worker's server (`TEST_PARALLEL_INDEX`, see playwright.config.ts), so tests in
 * two workers never see each other's writes. Their URLs reach the workers through the environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const count = e2eWorkers();
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  let preferred = Number(process.env.E2E_PORT ?? 3100);
  for (let i = 0; i < count; i++) {
    const port = await freePort(preferred);
    preferred = port + 1;
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'e2e-server.mjs')], {
      cwd: root,
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[e2e server ${i}] ${chunk.toString('utf8')}`));
    children.push(child);
    urls.push(url);
  }
  const teardown = async () => {
    await Promise.all(children.map(stop));
  };
  try {
    await Promise.all(children.map((child, i) => waitHealthy(urls[i] ?? '', child, 180_000)));
  } catch (err) {
    await teardown();
    throw err;
  }
  process.env[SERVERS_ENV] = JSON.stringify(urls);
  return teardown;
}
