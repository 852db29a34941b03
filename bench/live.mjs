// The live-stream scale bench (issue 40, docs/performance/live.md): N members each hold one event
// stream (`GET /api/user-notifications/stream`) through a round-robin proxy to several `ROLE=api`
// processes of the built API (with Redis and a `ROLE=worker`), then the same through the bare server
// of bench/live-raw.mjs, side by side in one run. For each it prints:
//
// - burst: N streams opened within --open-seconds (default 60): 5xx, refusals, accept queue overflows
//   (TcpExt ListenOverflows / ListenDrops of /proc/net/netstat, the whole machine);
// - hold: the N streams held --hold seconds with heartbeats: dropped streams, RSS growth per stream
//   over the idle baseline, CPU of the servers while idle (heartbeats included);
// - delivery while loaded: --rate messages/s for --load seconds between random pairs and groups of 20
//   and likes: one-to-one p99 from the send's answer to the recipient's stream, group p99 to the
//   last live member, bell count p99 after a like;
// - a process dies: `kill -9` of one server process under the same load (--kill-load seconds), started
//   again at once as a supervisor would: reconnect times (the streams' `retry:` is jittered per stream),
//   send p99 while it happens, then every (message, reader) pair checked: lost and duplicated events
//   per client after the resume with `Last-Event-ID`.
//
//   npm run bench:live -- --streams 2000 --hold 60
//   node bench/live.mjs --streams 40000 --apis 3 --hold 300 --generators 4
//
// Options: --streams (2000), --users (= streams; members made in the database), --apis (2: server
// processes of each kind), --generators (streams / 12 000, at least 2), --open-seconds (60), --hold (60),
// --rate (200), --load (30), --kill-load (30), --group-share (0.1), --like-rate (5 per s), --only api|raw,
// --no-kill. Needs the build (npx turbo run build), PostgreSQL on 127.0.0.1:5432 (user postgres),
// and redis-server; uses ports 4100-4199. Root may raise net.core.somaxconn (the bench prints it).
import { execFileSync, fork, spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { benchApiEnv, cliFlag, cliOption, dbUrl, JWT_SECRET, loadAverage, root, workspaceRequire } from './lib.mjs';

const STREAMS = Number(cliOption('--streams', 2000));
const USERS = Math.max(STREAMS, Number(cliOption('--users', STREAMS)));
const APIS = Number(cliOption('--apis', 2));
const GENERATORS = Number(cliOption('--generators', Math.max(2, Math.ceil(STREAMS / 12_000))));
const OPEN_SECONDS = Number(cliOption('--open-seconds', 60));
const HOLD_SECONDS = Number(cliOption('--hold', 60));
const RATE = Number(cliOption('--rate', 200));
const LOAD_SECONDS = Number(cliOption('--load', 30));
const KILL_LOAD_SECONDS = cliFlag('--no-kill') ? 0 : Number(cliOption('--kill-load', 30));
const GROUP_SHARE = Number(cliOption('--group-share', 0.1));
const LIKE_RATE = Number(cliOption('--like-rate', 5));
const ONLY = cliOption('--only', null);
const DB = process.env.LIVE_BENCH_DB ?? 'live_bench';
const HOST = process.env.PGHOST ?? '127.0.0.1';
const AUTHORS = Math.max(100, Math.ceil(LIKE_RATE * (LOAD_SECONDS + KILL_LOAD_SECONDS) * 1.2));
const GROUPS = Math.floor((USERS - AUTHORS) / 20);
const REDIS_PORT = 4179;
const PORTS = { api: { proxy: 4100, first: 4101, worker: 4119 }, raw: { proxy: 4120, first: 4121 } };
const MAX_INFLIGHT = Number(cliOption('--max-inflight', 256));
const HEARTBEAT_NOTE = 'heartbeat every 25 s';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();
const pct = (xs, p) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : '-');
const log = (...a) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...a);
const psql = (args, opts = {}) => execFileSync('psql', ['-h', HOST, '-U', 'postgres', '-X', ...args], { encoding: 'utf8', ...opts });
if (USERS - AUTHORS < 40) throw new Error('bench: too few users for pairs and groups');

// ---- the machine ---------------------------------------------------------------------------------
const sysctl = (k) => fs.readFileSync(`/proc/sys/${k.replaceAll('.', '/')}`, 'utf8').trim().replace(/\s+/g, '-');
function netstat() {
  const lines = fs.readFileSync('/proc/net/netstat', 'utf8').split('\n');
  const at = lines.findIndex((l) => l.startsWith('TcpExt:'));
  const names = lines[at].split(/\s+/);
  const values = lines[at + 1].split(/\s+/).map(Number);
  const get = (n) => values[names.indexOf(n)] ?? 0;
  return { overflows: get('ListenOverflows'), drops: get('ListenDrops') };
}
const ticks = (pid) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(f[11]) + Number(f[12]); // utime + stime, in clock ticks (100/s)
};
const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);

// ---- the database --------------------------------------------------------------------------------
function makeData() {
  const exists = psql(['-tAc', `select 1 from pg_database where datname = '${DB}'`]).trim() === '1';
  if (!exists) {
    log(`making ${DB}: migrations and demo seed`);
    execFileSync('createdb', ['-h', HOST, '-U', 'postgres', DB], { stdio: 'inherit' });
    const NATIONAL_ID_HASH_KEY = randomBytes(48).toString('base64url');
    try {
      execFileSync(process.execPath, [path.join(root, 'seed/dist/bulk/jobs.js'), '1'], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: dbUrl(DB), NATIONAL_ID_HASH_KEY } });
    } catch (error) {
      execFileSync('dropdb', ['-h', HOST, '-U', 'postgres', '--if-exists', DB]);
      throw error;
    }
  }
  const have = Number(psql(['-d', DB, '-tAc', `select count(*) from users where slug like 'live-%'`]).trim());
  if (have < USERS) {
    log(`adding members: ${have} -> ${USERS} (bench/live.sql)`);
    psql(['-d', DB, '-q', '-v', `users=${USERS}`, '-v', `authors=${AUTHORS}`, '-v', `groups=${GROUPS}`, '-f', path.join(root, 'bench/live.sql')], { stdio: 'inherit' });
  }
}

async function readData() {
  const pg = workspaceRequire('pg');
  const client = new pg.Client({ connectionString: dbUrl(DB) });
  await client.connect();
  const users = (
    await client.query(
      `select substring(u.slug from 6)::int as n, u.id, f.id as fam from users u join refresh_token_families f on f.user_id = u.id and f.user_agent = 'bench/live'
       where u.slug like 'live-%' and substring(u.slug from 6)::int <= $1 order by 1`,
      [USERS],
    )
  ).rows;
  const byId = new Set(users.map((u) => u.id));
  const convs = (
    await client.query(
      `select c.id, c.kind, array_agg(p.user_id order by p.user_id) as members from conversations c join conversation_participants p on p.conversation_id = c.id
       where (c.kind = 'group' and c.title like 'live-group-%') or (c.kind = 'direct' and c.direct_key is not null) group by c.id, c.kind`,
    )
  ).rows.filter((c) => c.members.every((m) => byId.has(m)));
  const posts = (await client.query(`select p.id, p.author_user_id as author from posts p where p.slug like 'live-post-%'`)).rows.filter((p) => byId.has(p.author));
  // Conversations from a bigger earlier run (members above USERS) are left out above; the groups of
  // this size are the ones with 20 members here.
  await client.end();
  return {
    users,
    pairs: convs.filter((c) => c.kind === 'direct').map((c) => ({ id: Number(c.id), members: c.members })),
    groups: convs.filter((c) => c.kind === 'group' && c.members.length === 20).map((c) => ({ id: Number(c.id), members: c.members })),
    posts: posts.map((p) => ({ id: Number(p.id), author: p.author })),
  };
}

/** An access token as the API signs it (HS256; typ, fam, sub, jti, aud, iss, iat, exp). */
function token(userId, fam) {
  const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ typ: 'access', fam: Number(fam), iat, exp: iat + 6 * 3600, aud: 'legenett-api', iss: 'legenett', sub: String(userId), jti: randomUUID() })}`;
  return `${body}.${createHmac('sha256', JWT_SECRET).update(body).digest('base64url')}`;
}

// ---- processes -----------------------------------------------------------------------------------
const started = [];
process.on('exit', () => {
  for (const c of started) {
    try {
      process.kill(c.pid, c.name?.startsWith('proxy') ? 'SIGTERM' : 'SIGKILL');
    } catch {
      // gone
    }
  }
});
// An interrupted bench exits (130, as a shell does) so that the 'exit' handler above stops every child it started.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

function startProcess(name, args, env = {}) {
  const out = fs.openSync(`/tmp/live-bench-${name}.log`, 'w');
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  child.name = name;
  started.push(child);
  return child;
}

async function waitHealthy(port, pathName, child) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`bench: ${child.name} exited, see /tmp/live-bench-${child.name}.log`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}${pathName}`, { signal: AbortSignal.timeout(2000) });
      if (r.status === 200) return;
    } catch {
      // not yet
    }
    await sleep(250);
  }
  throw new Error(`bench: ${child.name} did not become ready`);
}

const apiEnv = (port, role) =>
  benchApiEnv({ port, role, db: DB, redisPort: REDIS_PORT, prefix: 'live-bench', dataDir: `/tmp/live-bench-data-${port}`, extra: { TRUST_PROXY: '1' } });

function startBackend(kind, i) {
  const port = PORTS[kind].first + i;
  if (kind === 'api') return { port, child: startProcess(`api-${i}`, [path.join(root, 'apps/api/dist/main.js')], apiEnv(port, 'api')), health: '/api/health/ready' };
  return {
    port,
    child: startProcess(`raw-${i}`, [path.join(root, 'bench/live-raw.mjs'), String(port)], { DATABASE_URL: dbUrl(DB), REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, JWT_SECRET }),
    health: '/api/health',
  };
}

// ---- load generators -----------------------------------------------------------------------------
function ask(gen, question, key) {
  return new Promise((resolve) => {
    const on = (m) => {
      if (m && m[key] !== undefined) {
        gen.off('message', on);
        resolve(m[key]);
      }
    };
    gen.on('message', on);
    gen.send(question);
  });
}
async function allStats(gens) {
  const all = await Promise.all(gens.map((g) => ask(g, 'stats', 'stats')));
  const sum = {};
  for (const s of all) for (const [k, v] of Object.entries(s)) sum[k] = (sum[k] ?? 0) + v;
  return sum;
}
async function collect(gens, into) {
  for (const c of await Promise.all(gens.map((g) => ask(g, 'collect', 'collected')))) {
    for (const k of Object.keys(into)) into[k].push(...c[k]);
  }
}

// ---- one target: the API or the bare server ------------------------------------------------------
async function run(kind, data) {
  const figures = { kind, load: {} };
  const backends = [];
  let worker = null;
  if (kind === 'api') {
    worker = startProcess('worker', [path.join(root, 'apps/api/dist/main.js')], apiEnv(PORTS.api.worker, 'worker'));
    await waitHealthy(PORTS.api.worker, '/api/health', worker);
  }
  for (let i = 0; i < APIS; i++) backends.push(startBackend(kind, i));
  for (const b of backends) await waitHealthy(b.port, b.health, b.child);
  const proxyPort = PORTS[kind].proxy;
  // The proxy holds two sockets per stream: a cluster of processes under the open-file limit each.
  const proxy = startProcess(`proxy-${kind}`, [path.join(root, 'bench/live-proxy.mjs'), String(proxyPort), backends.map((b) => b.port).join(','), String(Math.ceil(STREAMS / 9000))]);
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${proxyPort}/api/health`);
      break;
    } catch {
      await sleep(100);
    }
  }
  // A few sends to warm the servers' code paths, then the idle baseline.
  const sender = new Sender(proxyPort, data);
  for (let i = 0; i < 20; i++) await sender.one('pair');
  sender.sent.length = 0;
  sender.likes.length = 0;
  await sleep(2000);
  const pids = () => backends.map((b) => b.child.pid);
  const baseline = pids().map(rssKb);
  figures.baselineRssMb = baseline.map((k) => (k / 1024).toFixed(0));
  const cpu0 = pids().map(ticks);
  const t0 = Date.now();
  await sleep(5000);
  figures.idleCpuNoStreams = pids().map((p, i) => (ticks(p) - cpu0[i]) / ((Date.now() - t0) / 1000));

  // Burst: every stream opened within OPEN_SECONDS.
  const net0 = netstat();
  figures.load.beforeOpen = loadAverage();
  const gens = [];
  const clients = data.users.slice(0, STREAMS).map((u) => ({ userId: u.id, token: data.tokens.get(u.id) }));
  for (let g = 0; g < GENERATORS; g++) {
    const gen = fork(path.join(root, 'bench/live-client.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    started.push(gen);
    await new Promise((r) => gen.once('message', r));
    gens.push(gen);
    const mine = clients.filter((_, i) => i % GENERATORS === g);
    gen.send({
      open: {
        clients: mine,
        host: '127.0.0.1',
        port: proxyPort,
        path: '/api/user-notifications/stream',
        sources: [`127.0.0.${10 + 2 * g}`, `127.0.0.${11 + 2 * g}`],
        perSecond: Math.ceil(mine.length / (OPEN_SECONDS * 0.8)),
      },
    });
  }
  const openStart = Date.now();
  let stats;
  for (;;) {
    await sleep(500);
    stats = await allStats(gens);
    if (stats.open >= STREAMS || Date.now() - openStart > (OPEN_SECONDS + 120) * 1000) break;
  }
  const net1 = netstat();
  figures.burst = {
    seconds: (Date.now() - openStart) / 1000,
    open: stats.open,
    status5xx: stats.status5xx,
    status4xx: stats.status4xx,
    errors: stats.errors,
    refused: stats.refused,
    listenOverflows: net1.overflows - net0.overflows,
    listenDrops: net1.drops - net0.drops,
  };
  log(`${kind}: burst`, JSON.stringify(figures.burst));

  // Hold: idle, heartbeats only.
  figures.load.hold = loadAverage();
  const dropsBefore = stats.drops;
  const cpu1 = pids().map(ticks);
  const t1 = Date.now();
  let held = stats;
  while (Date.now() - t1 < HOLD_SECONDS * 1000) {
    await sleep(Math.min(5000, HOLD_SECONDS * 1000 - (Date.now() - t1)));
    held = await allStats(gens);
  }
  const rss = pids().map(rssKb);
  figures.hold = {
    seconds: (Date.now() - t1) / 1000,
    open: held.open,
    dropped: held.drops - dropsBefore,
    rssMb: rss.map((k) => (k / 1024).toFixed(0)),
    kbPerStream: (rss.reduce((a, b) => a + b, 0) - baseline.reduce((a, b) => a + b, 0)) / Math.max(1, held.open),
    cpuPctPerProcess: pids().map((p, i) => (ticks(p) - cpu1[i]) / ((Date.now() - t1) / 1000)),
  };
  figures.load.afterHold = loadAverage();
  log(`${kind}: hold`, JSON.stringify(figures.hold));

  // Delivery while loaded.
  await collect(gens, { chats: [], unreads: [], reconnects: [], dupsPerUser: [] }); // forget the opening
  const arrivals = { chats: [], unreads: [], reconnects: [], dupsPerUser: [] };
  figures.load.delivery = loadAverage();
  const loadStart = now();
  await sender.run(LOAD_SECONDS);
  const loadEnd = now();
  figures.load.afterDelivery = loadAverage();

  // A process dies under the same load.
  let kill = null;
  if (KILL_LOAD_SECONDS > 0) {
    const victim = backends[0];
    const onVictim = victim.child.pid;
    const running = sender.run(KILL_LOAD_SECONDS);
    await sleep((KILL_LOAD_SECONDS * 1000) / 4);
    const before = await allStats(gens);
    const killAt = now();
    process.kill(onVictim, 'SIGKILL');
    // Started again at once, as systemd's Restart=always or a container's restart policy would.
    const again = startBackend(kind, 0);
    backends[0] = again;
    await running;
    await waitHealthy(again.port, again.health, again.child);
    kill = { killAt, dropsBefore: before.drops, load: loadAverage() };
  }
  // Every stream open again, then every (message, reader) pair arrives or nothing more comes for 10 s.
  const expected = sender.expected();
  let quietSince = Date.now();
  let lastCount = -1;
  for (;;) {
    await sleep(1000);
    await collect(gens, arrivals);
    const s = await allStats(gens);
    const have = arrivals.chats.length;
    if (have !== lastCount) {
      lastCount = have;
      quietSince = Date.now();
    }
    if ((s.open >= STREAMS && have >= expected) || Date.now() - quietSince > 10_000) {
      stats = s;
      break;
    }
  }
  figures.delivery = delivery(sender, arrivals, loadStart, loadEnd, kill);
  figures.final = { open: stats.open, drops: stats.drops, duplicatesSeen: stats.duplicates };
  if (kill) {
    const rec = arrivals.reconnects.map((r) => r[1]);
    figures.kill = {
      droppedStreams: stats.drops - kill.dropsBefore,
      reconnected: rec.length,
      reconnectP50: pct(rec, 50),
      reconnectP99: pct(rec, 99),
      reconnectMax: rec.length ? Math.max(...rec) : NaN,
      load: kill.load,
    };
  }
  log(`${kind}: delivery`, JSON.stringify(figures.delivery));
  if (figures.kill) log(`${kind}: kill`, JSON.stringify(figures.kill));

  for (const g of gens) g.send('close');
  for (const b of backends) b.child.kill('SIGKILL');
  worker?.kill('SIGKILL');
  proxy.kill('SIGTERM');
  await sleep(1000);
  sender.close();
  return figures;
}

/** Sends the load: --rate per second (pairs, groups of 20) and --like-rate likes, through the proxy. */
class Sender {
  constructor(port, data) {
    this.port = port;
    this.data = data;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 64, localAddress: '127.0.0.2' });
    this.sent = []; // { id, kind, conv, sender, members, start, answer, status }
    this.likes = []; // { author, start, answer, status }
    this.posts = [...data.posts];
    this.failed = 0;
    this.skipped = 0;
  }
  request(method, p, userId, body) {
    return new Promise((resolve) => {
      const start = now();
      const text = JSON.stringify(body ?? {});
      const req = http.request(
        { host: '127.0.0.1', port: this.port, method, path: p, agent: this.agent, headers: { authorization: `Bearer ${this.data.tokens.get(userId)}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } },
        (res) => {
          let t = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (t += c));
          res.on('end', () => {
            let json = null;
            try {
              json = JSON.parse(t);
            } catch {
              // not json
            }
            resolve({ status: res.statusCode, json, start, answer: now() });
          });
        },
      );
      req.setTimeout(30_000, () => req.destroy());
      req.on('error', () => resolve({ status: 0, json: null, start, answer: now() }));
      req.end(text);
    });
  }
  async one(kind) {
    const { pairs, groups } = this.data;
    if (kind === 'like') {
      const post = this.posts.pop();
      if (!post) return;
      const liker = this.data.users[AUTHORS + Math.floor(Math.random() * (this.data.users.length - AUTHORS))].id;
      const r = await this.request('POST', `/api/posts/${post.id}/like`, liker);
      this.likes.push({ author: post.author, start: r.start, answer: r.answer, status: r.status });
      if (r.status >= 300) this.failed++;
      return;
    }
    const conv = kind === 'group' ? groups[Math.floor(Math.random() * groups.length)] : pairs[Math.floor(Math.random() * pairs.length)];
    const from = conv.members[Math.floor(Math.random() * conv.members.length)];
    const r = await this.request('POST', `/api/conversations/${conv.id}/messages`, from, { body: `Bench ${randomUUID().slice(0, 8)}` });
    const id = r.json?.data?.id;
    if (r.status >= 300 || id === undefined) this.failed++;
    this.sent.push({ id: id === undefined ? null : Number(id), kind, conv: conv.id, sender: from, members: conv.members, start: r.start, answer: r.answer, status: r.status });
  }
  async run(seconds) {
    const inflight = new Set();
    const end = Date.now() + seconds * 1000;
    let due = 0;
    let likesDue = 0;
    const t0 = Date.now();
    while (Date.now() < end) {
      const elapsed = (Date.now() - t0) / 1000;
      while (due < elapsed * RATE) {
        due++;
        // Open loop, but not past MAX_INFLIGHT waiting answers: a server slower than the rate gets the
        // sends it can answer, and the ones left out are counted (the rate it reached is printed).
        if (inflight.size >= MAX_INFLIGHT) {
          this.skipped++;
          continue;
        }
        const p = this.one(Math.random() < GROUP_SHARE ? 'group' : 'pair');
        inflight.add(p);
        p.finally(() => inflight.delete(p));
      }
      while (likesDue < elapsed * LIKE_RATE) {
        likesDue++;
        const p = this.one('like');
        inflight.add(p);
        p.finally(() => inflight.delete(p));
      }
      await sleep(20);
    }
    await Promise.all(inflight);
  }
  /** (message, reader) pairs expected: every member of every stored message's conversation. */
  expected() {
    return this.sent.filter((s) => s.id !== null).reduce((n, s) => n + s.members.length, 0);
  }
  close() {
    this.agent.destroy();
  }
}

function delivery(sender, arrivals, loadStart, loadEnd, kill) {
  const got = new Map(); // messageId -> Map(userId -> time)
  for (const [userId, id, t] of arrivals.chats) {
    let m = got.get(id);
    if (!m) got.set(id, (m = new Map()));
    if (!m.has(userId)) m.set(userId, t);
  }
  const inLoad = (s) => s.start >= loadStart && s.start < loadEnd;
  const pair = [];
  const group = [];
  const groupEach = [];
  let lost = 0;
  let expected = 0;
  const lostClients = new Set();
  for (const s of sender.sent) {
    if (s.id === null) continue;
    const m = got.get(s.id) ?? new Map();
    for (const u of s.members) {
      expected++;
      if (!m.has(u)) {
        lost++;
        lostClients.add(u);
      }
    }
    if (!inLoad(s)) continue;
    const others = s.members.filter((u) => u !== s.sender);
    const times = others.map((u) => m.get(u)).filter((t) => t !== undefined);
    if (s.kind === 'pair' && times.length) pair.push(times[0] - s.answer);
    if (s.kind === 'group' && times.length === others.length) {
      group.push(Math.max(...times) - s.answer);
      for (const t of times) groupEach.push(t - s.answer);
    }
  }
  // The bell: the author's first `unread` event after the like was sent.
  const unreadBy = new Map();
  for (const [userId, t] of arrivals.unreads) {
    const l = unreadBy.get(userId) ?? [];
    l.push(t);
    unreadBy.set(userId, l);
  }
  const bell = [];
  let bellMissing = 0;
  for (const l of sender.likes) {
    if (l.status >= 300 || l.start >= loadEnd) continue;
    const t = (unreadBy.get(l.author) ?? []).filter((x) => x >= l.start).sort((a, b) => a - b)[0];
    if (t === undefined) bellMissing++;
    else bell.push(t - l.answer);
  }
  const answers = (from, to) => sender.sent.filter((s) => s.start >= from && s.start < to && s.status > 0).map((s) => s.answer - s.start);
  const duplicates = arrivals.dupsPerUser.reduce((n, [, k]) => n + k, 0);
  const loaded = sender.sent.filter((s) => inLoad(s) && s.id !== null);
  return {
    answeredPerSecond: loaded.length / ((loadEnd - loadStart) / 1000),
    skipped: sender.skipped,
    messages: sender.sent.length,
    failedSends: sender.sent.filter((s) => s.id === null).length,
    likes: sender.likes.length,
    pairP50: pct(pair, 50),
    pairP99: pct(pair, 99),
    groupAllP99: pct(group, 99),
    groupEachP99: pct(groupEach, 99),
    bellP50: pct(bell, 50),
    bellP99: pct(bell, 99),
    bellMissing,
    sendAnswerP99Loaded: pct(answers(loadStart, loadEnd), 99),
    sendAnswerP99Kill: kill ? pct(answers(kill.killAt, kill.killAt + 15_000), 99) : NaN,
    expectedDeliveries: expected,
    lost,
    clientsWithLoss: lostClients.size,
    duplicates,
    clientsWithDuplicates: arrivals.dupsPerUser.length,
  };
}

// ---- main ----------------------------------------------------------------------------------------
if (!fs.existsSync(path.join(root, 'apps/api/dist/main.js'))) throw new Error('bench: build first (npx turbo run build)');
const limits = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
console.log(`live bench: ${STREAMS} streams (${USERS} members), ${APIS} server processes per kind, ${GENERATORS} generators, open within ${OPEN_SECONDS} s, hold ${HOLD_SECONDS} s, ${RATE} messages/s (${GROUP_SHARE * 100} % to groups of 20) + ${LIKE_RATE} likes/s for ${LOAD_SECONDS} s${KILL_LOAD_SECONDS ? `, then kill -9 under load for ${KILL_LOAD_SECONDS} s` : ''}; ${HEARTBEAT_NOTE}`);
console.log(`machine: ${fs.readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm).length} cores, ulimit -n ${limits}, net.core.somaxconn ${sysctl('net.core.somaxconn')}, net.ipv4.ip_local_port_range ${sysctl('net.ipv4.ip_local_port_range')}, load ${loadAverage()}`);
makeData();
const data = await readData();
data.tokens = new Map(data.users.map((u) => [u.id, token(u.id, u.fam)]));
if (data.users.length < STREAMS) throw new Error(`bench: ${data.users.length} members, ${STREAMS} asked for`);
console.log(`data: ${data.users.length} members, ${data.pairs.length} pairs, ${data.groups.length} groups of 20, ${data.posts.length} posts to like`);

const redisServer = spawn('redis-server', ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxclients', '10000'], { stdio: 'ignore' });
started.push(redisServer);
await sleep(500);

const results = [];
for (const kind of ['api', 'raw']) {
  if (ONLY && ONLY !== kind) continue;
  log(`--- ${kind} ---`);
  results.push(await run(kind, data));
}
redisServer.kill('SIGKILL');

// ---- report --------------------------------------------------------------------------------------
const col = (f) => results.map(f);
const rows = [
  ['burst: streams open / seconds', (r) => `${r.burst.open} / ${r.burst.seconds.toFixed(0)} s`],
  ['burst: 5xx / refused / errors', (r) => `${r.burst.status5xx} / ${r.burst.refused} / ${r.burst.errors}`],
  ['burst: ListenOverflows / ListenDrops', (r) => `${r.burst.listenOverflows} / ${r.burst.listenDrops}`],
  ['hold: seconds, open, dropped', (r) => `${r.hold.seconds.toFixed(0)} s, ${r.hold.open}, ${r.hold.dropped}`],
  ['RSS idle -> held (MB per process)', (r) => `${r.baselineRssMb.join('+')} -> ${r.hold.rssMb.join('+')}`],
  ['RSS growth per stream', (r) => `${r.hold.kbPerStream.toFixed(1)} KB`],
  ['CPU while held (% of a core per process)', (r) => r.hold.cpuPctPerProcess.map((x) => x.toFixed(1)).join(' / ')],
  ['CPU idle without streams (% per process)', (r) => r.idleCpuNoStreams.map((x) => x.toFixed(1)).join(' / ')],
  ['messages sent / failed, likes', (r) => `${r.delivery.messages} / ${r.delivery.failedSends}, ${r.delivery.likes}`],
  ['messages answered per s while loaded (asked: --rate) / left out at the in-flight cap', (r) => `${r.delivery.answeredPerSecond.toFixed(0)} (${RATE}) / ${r.delivery.skipped}`],
  ['send answer p99 (loaded)', (r) => ms(r.delivery.sendAnswerP99Loaded)],
  ['one-to-one p50 / p99 (answer -> stream)', (r) => `${ms(r.delivery.pairP50)} / ${ms(r.delivery.pairP99)}`],
  ['group of 20: p99 to the last member / per member', (r) => `${ms(r.delivery.groupAllP99)} / ${ms(r.delivery.groupEachP99)}`],
  ['bell after a like p50 / p99 (missing)', (r) => `${ms(r.delivery.bellP50)} / ${ms(r.delivery.bellP99)} (${r.delivery.bellMissing})`],
  ['kill -9: streams dropped / reconnected', (r) => (r.kill ? `${r.kill.droppedStreams} / ${r.kill.reconnected}` : '-')],
  ['kill -9: reconnect p50 / p99 / max', (r) => (r.kill ? `${ms(r.kill.reconnectP50)} / ${ms(r.kill.reconnectP99)} / ${ms(r.kill.reconnectMax)}` : '-')],
  ['kill -9: send answer p99 in the 15 s after', (r) => ms(r.delivery.sendAnswerP99Kill)],
  ['events expected / lost (clients) / duplicated (clients)', (r) => `${r.delivery.expectedDeliveries} / ${r.delivery.lost} (${r.delivery.clientsWithLoss}) / ${r.delivery.duplicates} (${r.delivery.clientsWithDuplicates})`],
  ['streams open at the end', (r) => String(r.final.open)],
  ['load: open / hold / delivery / kill', (r) => `${r.load.beforeOpen} | ${r.load.hold} | ${r.load.delivery} | ${r.kill?.load ?? '-'}`],
];
console.log(`\n| figure | ${col((r) => (r.kind === 'api' ? `API (${APIS} x ROLE=api + worker)` : `bare node:http (${APIS} processes)`)).join(' | ')} |`);
console.log(`|---|${col(() => '---').join('|')}|`);
for (const [label, f] of rows) console.log(`| ${label} | ${col(f).join(' | ')} |`);
console.log(`\nload at the end: ${loadAverage()}`);
fs.writeFileSync(`/tmp/live-bench-${STREAMS}.json`, JSON.stringify(results, null, 2));
// Done: the 'exit' handler stops the servers and generators it started (their sockets would keep the bench up).
process.exit(0);
