/**
 * Notifications at scale (docs/performance/notifications.md): the grouped list's keyset paging at
 * 1 000 000+ notifications, and one digest run for 100 000 users. Runs the real app (createApp) on a
 * scratch database it fills with SQL:
 *
 *   createdb -h 127.0.0.1 -U postgres scratch_notify
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch_notify REDIS_URL=redis://127.0.0.1:6379/5 \
 *     PORT=4510 node -r @swc-node/register test/bench/notifications.bench.ts
 *
 * `--no-keyset` / `--no-digest` leave a part out. `--smtp` delivers the digests too: to an SMTP
 * server (smtp-server, counting and dropping what it gets) in a child process on PORT + 1, the run
 * ending when every digest is sent; quiet hours are turned off for the bench users first (else a run
 * in the Norwegian evening holds every mail until 07:00).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { createDatabase } from '@legenett/db';
import { sql } from 'drizzle-orm';
import { createApp } from '../../src/app';
import { OutboxRelay } from '../../src/common/outbox';
import { migrateDatabase } from '../../src/database/migrate';
import { SessionService } from '../../src/modules/users';
import { DigestService } from '../../src/modules/notifications/digest/digest.service';

const USERS = 100_000;
const url = process.env.DATABASE_URL ?? '';
const port = Number(process.env.PORT ?? 4510);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const fmt = (xs: number[]) => `n=${xs.length} p50=${pct(xs, 50).toFixed(1)} p95=${pct(xs, 95).toFixed(1)} p99=${pct(xs, 99).toFixed(1)} max=${pct(xs, 100).toFixed(1)} ms`;

async function fill(): Promise<{ heavy: number; first: number }> {
  const { db, close } = createDatabase(url, { max: 2 });
  try {
    const existing = await db.execute<{ n: number; first: number | null }>(sql`select count(*)::int as n, min(id) as first from users where email like 'bench-%'`);
    const row = existing.rows[0]!;
    if (row.n === 0) {
      const t0 = performance.now();
      await db.execute(sql`
        insert into users (email, first_name, last_name, slug, status, locale, last_login_date)
        select 'bench-' || g || '@bench.legenett.no', 'Bruker', 'Nr ' || g, 'bench-' || g, 'approved',
               case when g % 5 = 0 then 'en' else 'no' end, now() - interval '30 days'
        from generate_series(1, ${USERS}) g`);
      const ids = (await db.execute<{ first: number }>(sql`select min(id) as first from users where email like 'bench-%'`)).rows[0]!;
      const first = Number(ids.first);
      // Two entries per user (one unread), five likes each; the heavy user has 50 000 entries more.
      await db.execute(sql`
        insert into notification_groups (user_id, group_key, kind, entity_type, entity_id, actor_user_id, data, notification_count, actor_count, unread_count, latest_at)
        select u.id, 'like:post:' || (u.id * 10 + k) || ':b', 'like', 'post', u.id * 10 + k, ${first} + ((u.id * 7 + k * 7919) % ${USERS}), '{}'::jsonb, 5, 5,
               case when k = 1 then 5 else 0 end, now() - make_interval(secs => random() * 180 * 86400)
        from users u cross join generate_series(1, 2) k where u.email like 'bench-%'`);
      await db.execute(sql`
        insert into notification_groups (user_id, group_key, kind, entity_type, entity_id, actor_user_id, data, notification_count, actor_count, unread_count, latest_at)
        select ${first}, 'like:post:h' || k, 'like', 'post', 5000000 + k, ${first} + (k % ${USERS}), '{}'::jsonb, 2, 2, case when k % 10 = 0 then 2 else 0 end,
               now() - make_interval(secs => random() * 365 * 86400)
        from generate_series(1, 50000) k`);
      await db.execute(sql`
        insert into notifications (user_id, kind, actor_user_id, entity_type, entity_id, data, group_id, created_at, read_at)
        select g.user_id, 'like', ${first} + ((g.id * 31 + m) % ${USERS}), 'post', g.entity_id, '{}'::jsonb, g.id,
               g.latest_at - make_interval(mins => m), case when g.unread_count = 0 then now() end
        from notification_groups g cross join generate_series(1, g.notification_count) m
        where g.group_key like 'like:post:%'`);
      await db.execute(sql`vacuum analyze notifications`);
      await db.execute(sql`vacuum analyze notification_groups`);
      await db.execute(sql`vacuum analyze users`);
      console.log(`filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    const counts = await db.execute<{ n: number; g: number }>(sql`select (select count(*)::int from notifications) as n, (select count(*)::int from notification_groups) as g`);
    console.log(`notifications: ${counts.rows[0]!.n}, entries: ${counts.rows[0]!.g}`);
    const first = Number((await db.execute<{ first: number }>(sql`select min(id) as first from users where email like 'bench-%'`)).rows[0]!.first);
    return { heavy: first, first };
  } finally {
    await close();
  }
}

async function get(path: string, token: string): Promise<{ ms: number; body: { meta?: { next_cursor: string | null }; data: { id: number }[] } }> {
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { meta?: { next_cursor: string | null }; data: { id: number }[] };
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - t0, body };
}

async function keyset(app: NestExpressApplication, heavy: number, first: number): Promise<void> {
  const sessions = app.get(SessionService, { strict: false });
  const token = async (id: number) => (await sessions.openSession(id, { userAgent: 'bench', ip: '127.0.0.1' })).response.access_token;
  const heavyToken = await token(heavy);
  const others = await Promise.all(Array.from({ length: 20 }, (_, i) => token(first + 1 + i * 4999)));
  for (let i = 0; i < 20; i += 1) await get('/user-notifications?limit=20', heavyToken);

  const firstPage: number[] = [];
  for (let i = 0; i < 300; i += 1) firstPage.push((await get('/user-notifications?limit=20', others[i % others.length]!)).ms);
  console.log(`first page, typical user (2 entries):        ${fmt(firstPage)}`);

  const heavyFirst: number[] = [];
  for (let i = 0; i < 300; i += 1) heavyFirst.push((await get('/user-notifications?limit=20', heavyToken)).ms);
  console.log(`first page, heavy user (50 002 entries):    ${fmt(heavyFirst)}`);

  // Deep pages: follow the cursor 500 pages down (10 000 entries), timing each.
  const deep: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 500; i += 1) {
    const page: Awaited<ReturnType<typeof get>> = await get(`/user-notifications?limit=20${cursor ? `&cursor=${cursor}` : ''}`, heavyToken);
    deep.push(page.ms);
    cursor = page.body.meta?.next_cursor ?? null;
    if (!cursor) break;
  }
  console.log(`pages 1-500 by cursor, heavy user:           ${fmt(deep)}`);

  const { body } = await get('/user-notifications?limit=20', heavyToken);
  const members: number[] = [];
  for (let i = 0; i < 200; i += 1) members.push((await get(`/user-notifications/${body.data[i % body.data.length]!.id}/members?limit=20`, heavyToken)).ms);
  console.log(`who is in an entry:                          ${fmt(members)}`);
}

/** The `--smtp` run's mail server, in a child process (its CPU is not the app's event loop): counts what it gets. */
function smtpSinkChild(): void {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  server.listen(port + 1, '127.0.0.1', () => process.send?.({ ready: true }));
  process.on('message', () => process.send?.({ received }));
}

function startSmtpChild(): Promise<{ child: ChildProcess; received: () => Promise<number> }> {
  const child = fork(__filename, ['--smtp-sink'], { execArgv: ['-r', '@swc-node/register'], env: process.env });
  const received = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m: { received: number }) => resolve(m.received));
      child.send('count');
    });
  return new Promise((resolve) => child.once('message', () => resolve({ child, received })));
}

async function digest(app: NestExpressApplication, smtp: { received: () => Promise<number> } | null): Promise<void> {
  const { db, close } = createDatabase(url, { max: 2 });
  await db.execute(sql`delete from digest_runs`);
  await db.execute(sql`delete from outbox_messages where template = 'digest'`);
  await db.execute(sql`delete from job_outbox where name in ('notifications.digest', 'mail.deliver-batch', 'mail.deliver')`);
  if (smtp) {
    await db.execute(sql`
      insert into notification_preferences (user_id, quiet_hours_enabled)
      select id, false from users where email like 'bench-%'
      on conflict (user_id) do update set quiet_hours_enabled = false`);
  }
  const rss: number[] = [];
  const sampler = setInterval(() => rss.push(process.memoryUsage().rss / 1024 / 1024), 1000);
  const t0 = performance.now();
  // 09:00 Oslo on a weekday: every bench user has an unread entry and has not been in for 30 days.
  const claimed = await app.get(DigestService).sweep(new Date(Date.now() - (Date.now() % 86_400_000) + 8 * 3_600_000), 1000);
  const swept = performance.now();
  console.log(`sweep: ${claimed} digests claimed in ${((swept - t0) / 1000).toFixed(1)} s`);
  const relay = app.get(OutboxRelay);
  const jobsLeft = smtp ? sql`('notifications.digest', 'mail.deliver-batch')` : sql`('notifications.digest')`;
  for (;;) {
    const left = await db.execute<{ n: number }>(sql`select count(*)::int as n from job_outbox where status = 'pending' and name in ${jobsLeft}`);
    const n = left.rows[0]!.n;
    if (n === 0) break;
    await new Promise((r) => setTimeout(r, 5000));
    const written = await db.execute<{ n: number; sent: number }>(
      sql`select count(*)::int as n, count(*) filter (where status = 'sent')::int as sent from outbox_messages where template = 'digest'`,
    );
    const { n: w, sent } = written.rows[0]!;
    console.log(`  ${((performance.now() - t0) / 1000).toFixed(0)} s: ${w} digests written${smtp ? `, ${sent} sent` : ''}, rss ${rss.at(-1)?.toFixed(0)} MB`);
  }
  await relay.settle();
  clearInterval(sampler);
  const written = await db.execute<{ n: number; sent: number }>(
    sql`select count(*)::int as n, count(*) filter (where status = 'sent')::int as sent from outbox_messages where template = 'digest'`,
  );
  const { n: w, sent } = written.rows[0]!;
  const secs = (performance.now() - t0) / 1000;
  const q = (p: number) => [...rss].sort((a, b) => a - b)[Math.min(rss.length - 1, Math.floor((p / 100) * rss.length))]!.toFixed(0);
  console.log(
    `digest run: ${w} digests${smtp ? ` (${sent} sent, ${await smtp.received()} received by the SMTP server)` : ''} in ${secs.toFixed(1)} s = ${(w / secs).toFixed(0)}/s; ` +
      `rss min ${Math.min(...rss).toFixed(0)} MB, p50 ${q(50)}, p90 ${q(90)}, max ${Math.max(...rss).toFixed(0)} MB (${rss.length} samples); ` +
      `first third max ${Math.max(...rss.slice(0, Math.floor(rss.length / 3))).toFixed(0)} MB, last third max ${Math.max(...rss.slice(Math.floor((2 * rss.length) / 3))).toFixed(0)} MB`,
  );
  const again = await app.get(DigestService).sweep(new Date(Date.now() - (Date.now() % 86_400_000) + 8 * 3_600_000), 1000);
  console.log(`second sweep of the same period: ${again} claimed`);
  await close();
}

async function main(): Promise<void> {
  await migrateDatabase(url, (m) => console.log(m));
  const smtp = process.argv.includes('--smtp') ? await startSmtpChild() : null;
  const { heavy, first } = await fill();
  const app = await createApp({
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'error',
      DIGEST_SWEEP_SECONDS: '0',
      HOUSEKEEPING_INTERVAL_MINUTES: '0',
      COURSE_REMINDER_SWEEP_SECONDS: '0',
      SMTP_URL: smtp ? `smtp://127.0.0.1:${port + 1}` : '',
    },
  });
  await app.listen(port, '127.0.0.1');
  try {
    if (process.argv.includes('--no-keyset') === false) await keyset(app, heavy, first);
    if (process.argv.includes('--no-digest') === false) await digest(app, smtp);
  } finally {
    await app.close();
    smtp?.child.kill();
  }
}

if (process.argv.includes('--smtp-sink')) {
  smtpSinkChild();
} else {
  main().catch((err: unknown) => {
    console.error(err);
    // A command-line bench: a failed run must end with a non-zero exit code for the shell or script
    // that started it (the app and the SMTP child are closed in main's finally).
    process.exit(1);
  });
}
