import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { messageEndpoints, notificationEndpoints as ep } from '@legenett/contracts';
import { RECONNECT_MAX_MS, RECONNECT_MIN_MS } from './notification-stream.service';
import { type StreamWrite, StreamSources } from './stream-sources';
import { createTestApp, type TestApp } from '../../../test/app';

/**
 * The stream's reconnect and resume (issue 40): each stream tells the browser its own jittered wait
 * before reconnecting (`retry:`), an event id is written once on a resumed stream although a source
 * both replays it and hears it live, and the `id:` line only ever rises, so the browser's
 * `Last-Event-ID` is the highest id it has and a reconnect replays nothing it already has.
 */

let t: TestApp;
let baseUrl: string;
/** What the test source writes when a stream opens (the source's catch-up and live events). */
let onOpen: (write: StreamWrite, lastEventId: string | undefined) => void = () => undefined;

beforeAll(async () => {
  t = await createTestApp();
  t.app.get(StreamSources, { strict: false }).register(async (_me, write, lastEventId) => {
    onOpen(write, lastEventId);
    return () => undefined;
  });
  const server = t.app.getHttpServer() as http.Server;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

/** Opens a stream and answers its text once every source listens (': open'), then closes it. */
function streamUntilOpen(token: string, lastEventId?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = lastEventId ? { 'Last-Event-ID': lastEventId } : {};
    const req = http.get(`${baseUrl}/api${ep.stream.path}?token=${token}`, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (body.includes(': open\n\n')) {
          req.destroy();
          resolve(body);
        }
      });
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'ECONNRESET') reject(e);
    });
  });
}

const chatEvents = (text: string) =>
  text
    .split('\n\n')
    .filter((block) => block.includes('event: chat'))
    .map((block) => ({ id: /^id: (.*)$/m.exec(block)?.[1] ?? null, n: (JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as { n: number }).n }));

it('tells each stream its own wait before the browser reconnects, within the jitter range', async () => {
  const { accessToken } = await t.session();
  const waits: number[] = [];
  for (let i = 0; i < 6; i++) {
    const text = await streamUntilOpen(accessToken);
    // Written with ': open', once every source listens.
    const retry = /^retry: (\d+)\n\n: open\n\n/m.exec(text);
    expect(retry).not.toBeNull();
    waits.push(Number(retry![1]));
  }
  for (const w of waits) {
    expect(w).toBeGreaterThanOrEqual(RECONNECT_MIN_MS);
    expect(w).toBeLessThanOrEqual(RECONNECT_MAX_MS);
  }
  // Drawn per stream: six streams do not all get one wait (a chance of 1 in 7 001^5).
  expect(new Set(waits).size).toBeGreaterThan(1);
});

it('on a resumed stream writes an id replayed and heard live once, and never an id line below the highest', async () => {
  const { accessToken } = await t.session();
  // The source's catch-up after 10 (11, 12), then live: 12 again (committed during the catch-up), 14, 13.
  onOpen = (write, lastEventId) => {
    if (lastEventId !== '10') return;
    write('chat', { n: 11 }, '11');
    write('chat', { n: 12 }, '12');
    write('chat', { n: 12 }, '12');
    write('chat', { n: 14 }, '14');
    write('chat', { n: 13 }, '13');
  };
  const resumed = await streamUntilOpen(accessToken, '10');
  expect(chatEvents(resumed)).toEqual([
    { id: '11', n: 11 },
    { id: '12', n: 12 },
    { id: '14', n: 14 },
    // Delivered, without an id: the browser keeps 14 as its last id, so a reconnect replays neither.
    { id: null, n: 13 },
  ]);

  // Not resuming: nothing is held back (a source writes each event once anyway), ids still only rise.
  // A fresh stream starts at the newest message id (the messages source's mark), so the ids here are
  // far above the newest message of the run's database, whatever other specs write to it meanwhile.
  const newest = await t.db.execute<{ id: string }>(sql`select coalesce(max(id), 0) as id from messages`);
  const base = Number(newest.rows[0]!.id) + 1_000_000_000;
  const [five, three, six] = [base + 5, base + 3, base + 6].map(String) as [string, string, string];
  onOpen = (write) => {
    write('chat', { n: 5 }, five);
    write('chat', { n: 3 }, three);
    write('chat', { n: 6 }, six);
  };
  try {
    expect(chatEvents(await streamUntilOpen(accessToken))).toEqual([
      { id: five, n: 5 },
      { id: null, n: 3 },
      { id: six, n: 6 },
    ]);
  } finally {
    onOpen = () => undefined;
  }
});

it('marks a fresh stream with the newest message id, so a tab that drops before its first event catches up from it', async () => {
  const a = await t.session();
  const b = await t.session();
  const first = (await t.call(messageEndpoints.start, { as: a, body: { to_user_id: b.user.id, body: 'Før strømmen' } })).parsed.data;
  // b's tab opens and receives no event; the newest message of all is its starting id (`id:` alone).
  const fresh = await streamUntilOpen(b.accessToken);
  const marked = /^id: (\d+)$/m.exec(fresh.split('\n\n').find((block) => /^id: \d+$/.test(block)) ?? '');
  expect(marked).not.toBeNull();
  expect(Number(marked![1])).toBeGreaterThanOrEqual(first.message.id);
  expect(chatEvents(fresh)).toEqual([]);
  // Away: a message is sent; back with the marked id, the tab gets it (and only it).
  const meanwhile = (await t.call(messageEndpoints.send, { as: a, params: { id: first.conversation.id }, body: { body: 'Mens du var borte' } })).parsed.data;
  const back = await streamUntilOpen(b.accessToken, marked![1]);
  const chat = back
    .split('\n\n')
    .filter((block) => block.includes('event: chat'))
    .map((block) => (JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as { message_id: number }).message_id);
  expect(chat).toEqual([meanwhile.id]);
});
