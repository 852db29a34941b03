// One load generator of bench/live.mjs (issue 40): holds the event streams of its share of the bench
// members like a browser's EventSource does. Forked by live.mjs with its own loopback source
// addresses (127.0.0.x: each address has its own ephemeral ports) and fewer streams than its
// open-file limit. Per stream: the retry the server sent (`retry:`), the last event id (sent back as
// `Last-Event-ID` on reconnect, as the browser does), every chat message id received (duplicates
// counted) with the time it arrived, the `unread` events with their times, drops and reconnects.
//
// IPC from live.mjs: { open: { clients, host, port, path, sources, perSecond } } opens the streams at
// that pace; 'stats' answers the counters; 'collect' answers (and forgets) the recorded arrivals;
// 'close' closes every stream and exits.
import http from 'node:http';

const now = () => performance.timeOrigin + performance.now();
const DEFAULT_RETRY_MS = 3_000; // the browsers' own default before a `retry:` came

let config = null;
const streams = [];
const stats = { opening: 0, open: 0, opened: 0, drops: 0, refused: 0, status5xx: 0, status4xx: 0, errors: 0, reconnected: 0, duplicates: 0 };
/** [userId, messageId, time] of every chat message event (first arrival per stream). */
let chats = [];
/** [userId, time, count] of every unread event. */
let unreads = [];
/** [userId, ms from the drop to the reopened stream's ': open'] */
let reconnects = [];
let sourceIndex = 0;

function startStream(s) {
  stats.opening++;
  s.state = 'opening';
  const headers = { accept: 'text/event-stream' };
  if (s.lastId) headers['last-event-id'] = s.lastId;
  const req = http.request({
    host: config.host,
    port: config.port,
    path: `${config.path}?token=${encodeURIComponent(s.token)}`,
    method: 'GET',
    headers,
    agent: false,
    localAddress: config.sources[sourceIndex++ % config.sources.length],
  });
  let settled = false;
  const lost = (why) => {
    if (settled) return;
    settled = true;
    if (s.state === 'opening') stats.opening--;
    if (s.state === 'open') {
      stats.open--;
      stats.drops++;
      s.droppedAt = now();
    } else if (why === 'error') stats.errors++;
    s.state = 'waiting';
    if (closing) return;
    // As the browser: wait the stream's `retry:` (drawn per stream by the server), then reopen.
    setTimeout(() => startStream(s), s.retry ?? DEFAULT_RETRY_MS).unref();
  };
  req.on('error', () => lost('error'));
  req.on('response', (res) => {
    if (res.statusCode !== 200) {
      if (res.statusCode >= 500) stats.status5xx++;
      else stats.status4xx++;
      stats.refused++;
      res.resume();
      res.on('end', () => lost('status'));
      res.on('error', () => lost('status'));
      return;
    }
    res.setEncoding('utf8');
    let buffer = '';
    let event = { id: null, name: null, data: '' };
    res.on('data', (chunk) => {
      buffer += chunk;
      let at;
      while ((at = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 1);
        if (line === '') {
          // As EventSource: an id sets the last event id even when no event is dispatched (`id:` alone).
          if (event.id !== null) s.lastId = event.id;
          if (event.data !== '' || event.name) dispatch(s, event);
          event = { id: null, name: null, data: '' };
        } else if (line.startsWith(':')) {
          if (line === ': open' && s.state === 'opening') {
            stats.opening--;
            stats.open++;
            stats.opened++;
            s.state = 'open';
            if (s.droppedAt !== undefined) {
              stats.reconnected++;
              reconnects.push([s.userId, now() - s.droppedAt]);
              s.droppedAt = undefined;
            }
          }
        } else {
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'retry' && /^\d+$/.test(value)) s.retry = Number(value);
          else if (field === 'id') event.id = value;
          else if (field === 'event') event.name = value;
          else if (field === 'data') event.data += (event.data ? '\n' : '') + value;
        }
      }
    });
    res.on('end', () => lost('end'));
    res.on('error', () => lost('error'));
    res.on('close', () => lost('close'));
  });
  req.end();
}

function dispatch(s, event) {
  if (event.id !== null) s.lastId = event.id;
  const t = now();
  if (event.name === 'chat') {
    let data;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    if (data.type !== 'message') return;
    const id = data.message_id;
    if (s.seen.has(id)) {
      stats.duplicates++;
      s.dups.push(id);
      return;
    }
    s.seen.add(id);
    chats.push([s.userId, id, t]);
  } else if (event.name === 'unread') {
    try {
      unreads.push([s.userId, t, JSON.parse(event.data).unreadCount]);
    } catch {
      // not ours
    }
  } else if (event.name === 'closed') {
    s.closedByServer = event.data;
  }
}

let closing = false;

process.on('message', (m) => {
  if (m.open) {
    config = m.open;
    const { clients, perSecond } = config;
    for (const c of clients) streams.push({ userId: c.userId, token: c.token, lastId: null, retry: undefined, seen: new Set(), dups: [], state: 'new' });
    // At the pace asked for: a slice every 50 ms.
    const slice = Math.max(1, Math.round(perSecond / 20));
    let at = 0;
    const tick = () => {
      for (const end = Math.min(streams.length, at + slice); at < end; at++) startStream(streams[at]);
      if (at < streams.length) setTimeout(tick, 50);
    };
    tick();
  } else if (m === 'stats') {
    process.send({ stats: { ...stats, memoryMb: Math.round(process.memoryUsage().rss / 1e6) } });
  } else if (m === 'collect') {
    const dupsPerUser = streams.filter((s) => s.dups.length > 0).map((s) => [s.userId, s.dups.length]);
    process.send({ collected: { chats, unreads, reconnects, dupsPerUser } });
    chats = [];
    unreads = [];
    reconnects = [];
    for (const s of streams) s.dups = [];
  } else if (m === 'close') {
    closing = true;
    // Thousands of open sockets would keep the generator alive for their close handshakes; the bench
    // has collected its figures already, so the process ends at once.
    process.exit(0);
  }
});
process.send({ ready: true });
