import http from 'node:http';
import net from 'node:net';

/**
 * A small reverse proxy for the scale tier, doing what compose.scale.yml's proxy does: round robin
 * over the backends whose `GET /api/health/ready` answered 200 at the last check (every CHECK_MS),
 * answers streamed through unbuffered, a refused connection tried on the next backend.
 */
const CHECK_MS = 250;

export interface Backend {
  name: string;
  port: number;
  ready: boolean;
}

export class Balancer {
  private server: http.Server | null = null;
  private timer: NodeJS.Timeout | undefined;
  private next = 0;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  /** Served by whom: backend name -> calls. */
  readonly served = new Map<string, number>();
  /** Only these backends get calls (all when null): the one-replica throughput run. */
  only: string[] | null = null;

  constructor(readonly backends: Backend[]) {}

  async listen(port: number): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), CHECK_MS);
    this.server = http.createServer((req, res) => this.forward(req, res, 0));
    this.server.keepAliveTimeout = 5000;
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
  }

  private async check(): Promise<void> {
    await Promise.all(
      this.backends.map(async (b) => {
        try {
          const res = await fetch(`http://127.0.0.1:${b.port}/api/health/ready`, { signal: AbortSignal.timeout(1000) });
          b.ready = res.status === 200;
          await res.body?.cancel();
        } catch {
          b.ready = false;
        }
      }),
    );
  }

  private pick(): Backend | null {
    const usable = this.backends.filter((b) => b.ready && (this.only === null || this.only.includes(b.name)));
    if (usable.length === 0) return null;
    return usable[this.next++ % usable.length]!;
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse, attempt: number): void {
    const backend = this.pick();
    if (!backend) {
      res.writeHead(503, { 'Content-Type': 'text/plain' }).end('no backend ready');
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: backend.port, method: req.method, path: req.url, headers: req.headers, agent: this.agent },
      (answer) => {
        this.served.set(backend.name, (this.served.get(backend.name) ?? 0) + 1);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      // Refused: nothing was sent, another backend may take it (the body is not replayed: GETs only).
      if (err.code === 'ECONNREFUSED' && attempt < this.backends.length && (req.method === 'GET' || req.method === 'HEAD')) {
        backend.ready = false;
        this.forward(req, res, attempt + 1);
        return;
      }
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end();
    });
    req.pipe(upstream);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.agent.destroy();
    if (this.server) {
      this.server.closeAllConnections();
      await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    }
  }
}

/**
 * The proxy's part for the event streams (issue 40): a TCP round robin over the backends' ports,
 * bytes passed as they come, a refused connection (a process that died) tried on the next backend.
 * The HTTP balancer above pools its upstream sockets (128), which a long-lived stream would hold.
 */
export class StreamProxy {
  private server: net.Server | null = null;
  private next = 0;
  private readonly sockets = new Set<net.Socket>();
  /** Streams passed to each backend port. */
  readonly passed = new Map<number, number>();

  constructor(readonly ports: number[]) {}

  async listen(port: number): Promise<void> {
    this.server = net.createServer((client) => {
      client.on('error', () => undefined);
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      this.connect(client, 0);
    });
    await new Promise<void>((resolve) => this.server!.listen({ port, host: '127.0.0.1', backlog: 4096 }, resolve));
  }

  /**
   * To the next backend in turn; refused (a process that died), to the one after it, until each was
   * tried once. A refused socket's own 'close' (it follows its 'error') must not close the client: it
   * did, and every tab whose turn fell on the killed process failed its reconnect and waited another
   * `retry:` (issue 40: 104 of 1 000 tabs still closed after 30 s, the slowest 55 s, blamed on the API).
   */
  private connect(client: net.Socket, attempt: number, first = this.next++): void {
    const port = this.ports[(first + attempt) % this.ports.length]!;
    const upstream = net.connect({ port, host: '127.0.0.1' });
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      this.passed.set(port, (this.passed.get(port) ?? 0) + 1);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    upstream.on('error', () => {
      if (!connected && attempt + 1 < this.ports.length && !client.destroyed) return this.connect(client, attempt + 1, first);
      client.destroy();
    });
    upstream.on('close', () => {
      if (connected) client.destroy();
    });
    client.on('close', () => upstream.destroy());
  }

  async close(): Promise<void> {
    if (!this.server) return;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}
