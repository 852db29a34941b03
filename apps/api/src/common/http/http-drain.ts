import { type Server } from 'node:http';
import net from 'node:net';
import { Global, Injectable, Logger, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type NextFunction, type Request, type Response } from 'express';

/**
 * Keep-alive, in two numbers (docs/operations.md, "Keep-alive"). Every answer tells the client
 * `Keep-Alive: timeout=5`, and clients that read it (Node's agent, undici, browsers) end an idle
 * connection a second or more before that. The server itself keeps an idle connection for
 * KEEP_ALIVE_SERVER_MS: longer than the 60 s idle timeout of common proxies and load balancers, and
 * far longer than the announced 5 s. So the server never closes an idle connection under a client
 * that is about to reuse it: with both at 5 s, a call written on such a connection in the instant
 * the server's timer fired was lost (the client sees ECONNRESET; 2 of 19 980 in the petition bench
 * of 2026-11-28, issue 28).
 */
export const KEEP_ALIVE_ANNOUNCED_S = 5;
export const KEEP_ALIVE_SERVER_MS = 65_000;

/**
 * Longest a stopping process waits for its connections to end before it cuts the rest. Idle
 * connections of clients that follow the announced timeout have ended by then; the drain closes
 * those of clients that do not at the announced timeout (plus a margin).
 */
export const HTTP_DRAIN_MS = 8000;
const CLOSE_IDLE_AFTER_MS = KEEP_ALIVE_ANNOUNCED_S * 1000 + 500;

/**
 * A graceful stop of the HTTP side (SIGTERM, a deploy, a restart). Nest closes the HTTP server only
 * after every other shutdown hook, and `server.close()` then waits for every keep-alive connection a
 * client keeps busy: the fault tier's restarted replica served for 10 s more after its job queue had
 * closed and had to be killed. Here, first of all the hooks: stop accepting connections, answer every
 * call still in flight and every later call on an open connection with `Connection: close` (so clients
 * and proxies open their next connection to another replica), let idle keep-alive connections run out,
 * and wait until every connection has ended, at most HTTP_DRAIN_MS, while the database pool and the
 * job queue are still open. Long-lived streams (SSE)
 * are cut at the deadline; their clients reconnect elsewhere.
 */
@Injectable()
export class HttpDrain implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Shutdown');
  private readonly inFlight = new Set<Response>();
  private draining = false;

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /** The process is stopping: readiness answers 503 so a proxy sends nothing new here. */
  get isDraining(): boolean {
    return this.draining;
  }

  /** The server's own idle timeout (see KEEP_ALIVE_SERVER_MS); the answers announce a shorter one. */
  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (server) server.keepAliveTimeout = KEEP_ALIVE_SERVER_MS;
  }

  /** Express middleware: tracks calls in flight; during the drain every answer closes its connection. */
  middleware() {
    return (_req: Request, res: Response, next: NextFunction): void => {
      if (this.draining) res.setHeader('Connection', 'close');
      // A header of our own replaces the one Node derives from the server's (longer) timeout.
      else res.setHeader('Keep-Alive', `timeout=${KEEP_ALIVE_ANNOUNCED_S}`);
      this.inFlight.add(res);
      res.once('close', () => this.inFlight.delete(res));
      next();
    };
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server?.listening) return;
    this.draining = true;
    for (const res of this.inFlight) {
      if (res.headersSent) continue;
      res.setHeader('Connection', 'close');
      res.removeHeader('Keep-Alive');
    }
    const started = Date.now();
    // net.Server's close: stop accepting and wait for the open connections. Not http.Server's, which
    // also destroys idle keep-alive connections at once: a client may be writing its next call on
    // one at that instant, and that call is lost (the fault tier dropped one). An idle connection
    // instead ends when its client's announced timeout (`Keep-Alive: timeout=5`) runs out, which
    // the client knows and acts on first; a busy one gets `Connection: close` on its next answer.
    // What is still idle after the announced timeout belongs to a client that ignores it: closed then.
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    const idleTimer = setTimeout(() => server.closeIdleConnections(), CLOSE_IDLE_AFTER_MS);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'deadline'>((resolve) => {
      timer = setTimeout(() => resolve('deadline'), HTTP_DRAIN_MS);
    });
    const outcome = await Promise.race([closed.then(() => 'drained' as const), deadline]);
    clearTimeout(timer);
    clearTimeout(idleTimer);
    if (outcome === 'deadline') {
      this.logger.warn(`${this.inFlight.size} call(s) still open after ${HTTP_DRAIN_MS} ms (streams?): closing their connections`);
      server.closeAllConnections();
    } else {
      this.logger.log(`HTTP drained in ${Date.now() - started} ms`);
    }
  }
}

@Global()
@Module({ providers: [HttpDrain], exports: [HttpDrain] })
export class HttpDrainModule {}
