import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * PostgreSQL and Redis servers of a test's own (own port, own data directory, own process), which
 * the test may stop by PID and start again. The machine's shared servers are never touched. Used by
 * the outage test, the Redis outage test and the fault tier.
 */

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `pid` is gone (or `ms` passed); true when it is gone. */
export async function waitForExit(pid: number, ms = 20_000): Promise<boolean> {
  for (const deadline = Date.now() + ms; isAlive(pid) && Date.now() < deadline; ) await sleep(50);
  return !isAlive(pid);
}

/** Resolves once something accepts TCP connections on 127.0.0.1:`port`; throws after `ms`. */
export async function waitForPort(port: number, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${ms} ms`);
    await sleep(50);
  }
}

/**
 * The Debian PostgreSQL binaries of the newest installed version (PG_BIN overrides), run as the
 * `postgres` system user when we are root. pg_dump and pg_restore of the backup test come from here too.
 */
export const PG_BIN =
  process.env.PG_BIN ??
  (() => {
    const base = '/usr/lib/postgresql';
    const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
    return path.join(base, versions[0] ?? '15', 'bin');
  })();
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

const asPostgres = (command: string, args: string[]): void => {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN, command), ...args]] : [path.join(PG_BIN, command), args];
  execFileSync(file, argv, { stdio: 'ignore' });
};

export interface PrivatePostgres {
  port: number;
  /** Connection string of the `postgres` maintenance database. */
  serverUrl: string;
  /** The postmaster's PID (read from its pid file). */
  pid(): number;
  /** (Re)starts the server; resolves when it accepts connections. */
  start(): void;
  /** A fast shutdown (SIGINT to the postmaster: backends get 57P01); resolves when it is gone. */
  stop(): Promise<void>;
}

export interface PrivatePostgresOptions {
  /** Folder under `root` for the data and name of the log (`<name>.log`); default `pg` / `server.log`. */
  name?: string;
  /** A streaming replica of the server on this port: made with `pg_basebackup -R` instead of initdb. */
  replicaOf?: number;
  /** More `-c name=value` server settings. */
  settings?: Record<string, string>;
}

/**
 * A private PostgreSQL in `root`/pg (initdb on first start, fsync off, socket in `root`), or with
 * `replicaOf` a streaming replica of another private server (pg_basebackup on first start). `root`
 * is made reachable for the `postgres` system user. Not started: call `start()`.
 */
export function privatePostgres(root: string, port: number, options: PrivatePostgresOptions = {}): PrivatePostgres {
  fs.chmodSync(root, 0o777);
  const dataDir = path.join(root, options.name ?? 'pg');
  const logFile = path.join(root, options.name ? `${options.name}.log` : 'server.log');
  const settings = Object.entries(options.settings ?? {})
    .map(([k, v]) => ` -c ${k}=${v}`)
    .join('');
  const pid = () => Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    port,
    serverUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid,
    start() {
      if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
        if (options.replicaOf !== undefined) {
          // -R writes standby.signal and primary_conninfo: the copy starts as a streaming replica.
          asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(options.replicaOf), '-U', 'postgres', '-D', dataDir, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync']);
        } else {
          asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '--locale=C.UTF-8', '--encoding=UTF8']);
        }
      }
      // `pg_ctl -w` waits until the server accepts connections.
      asPostgres('pg_ctl', ['-D', dataDir, '-w', '-l', logFile, '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100${settings}`, 'start']);
    },
    async stop() {
      if (!fs.existsSync(path.join(dataDir, 'postmaster.pid'))) return;
      const p = pid();
      if (isAlive(p)) process.kill(p, 'SIGINT');
      await waitForExit(p);
    },
  };
}

export interface PrivatePgBouncer {
  port: number;
  /** The PgBouncer version (`1.18.0`). */
  version: string;
  /** Whether it keeps protocol-level prepared statements in transaction mode (1.21+: `max_prepared_statements`). */
  preparedStatements: boolean;
  /** URL of `database` through the pooler. */
  url(database: string): string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const PGBOUNCER = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';

/** The Debian `pgbouncer`'s version, or null when it is not installed. */
export function pgBouncerVersion(): string | null {
  if (!fs.existsSync(PGBOUNCER)) return null;
  const out = execFileSync(PGBOUNCER, ['--version'], { encoding: 'utf8' });
  return /PgBouncer (\d+\.\d+\.\d+)/.exec(out)?.[1] ?? null;
}

/**
 * A private PgBouncer in transaction pooling mode on `port`, in front of 127.0.0.1:`serverPort` (any
 * database name, user postgres, trust), `poolSize` server connections per database. From 1.21 on it
 * keeps prepared statements (`max_prepared_statements = 200`).
 */
export function privatePgBouncer(root: string, port: number, serverPort: number, poolSize = 20): PrivatePgBouncer {
  const version = pgBouncerVersion();
  if (!version) throw new Error(`${PGBOUNCER} is missing (Debian package pgbouncer)`);
  const [major, minor] = version.split('.').map(Number) as [number, number];
  const preparedStatements = major > 1 || minor >= 21;
  const dir = path.join(root, 'pgbouncer');
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o777);
  const ini = path.join(dir, 'pgbouncer.ini');
  const pidFile = path.join(dir, 'pgbouncer.pid');
  fs.writeFileSync(path.join(dir, 'users.txt'), '"postgres" ""\n');
  fs.writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${serverPort}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      `pidfile = ${pidFile}`,
      // What node-postgres sends at connect; PgBouncer refuses unknown startup parameters otherwise.
      'ignore_startup_parameters = extra_float_digits,options,statement_timeout',
      'server_connect_timeout = 3',
      'server_login_retry = 1',
      ...(preparedStatements ? ['max_prepared_statements = 200'] : []),
      '',
    ].join('\n'),
  );
  const readPid = () => (fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').trim()) : null);
  return {
    port,
    version,
    preparedStatements,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      const args = ['-d', ini];
      // PgBouncer refuses to run as root.
      if (isRoot) execFileSync('runuser', ['-u', 'postgres', '--', PGBOUNCER, ...args], { stdio: 'ignore' });
      else execFileSync(PGBOUNCER, args, { stdio: 'ignore' });
      await waitForPort(port);
    },
    async stop() {
      const p = readPid();
      if (p === null || !isAlive(p)) return;
      process.kill(p, 'SIGINT');
      await waitForExit(p);
    },
  };
}

export interface PrivateRedis {
  port: number;
  url: string;
  /** PID of the running server, or null when stopped. */
  pid(): number | null;
  /** Starts the server (no persistence); resolves when it accepts connections. */
  start(): Promise<void>;
  /** SIGKILL by PID: a crash, not a shutdown. */
  kill(): Promise<void>;
}

/** A private `redis-server` without persistence on `port`, logging to `logFile`. */
export function privateRedis(port: number, logFile: string): PrivateRedis {
  let pid: number | null = null;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    pid: () => pid,
    async start() {
      const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--logfile', logFile], {
        stdio: 'ignore',
        detached: false,
      });
      if (child.pid === undefined) throw new Error('redis-server did not start');
      pid = child.pid;
      child.unref();
      await waitForPort(port);
    },
    async kill() {
      if (pid === null) return;
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      await waitForExit(pid);
      pid = null;
    },
  };
}
