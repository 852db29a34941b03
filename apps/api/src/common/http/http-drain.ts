import { type Server } from 'node:http';
import net from 'node:net';
import { Global, Injectable, Logger, Module, type OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type NextFunction, type Request, type Response } from 'express';

/**
 * Longest a stopping process waits for its connections to end before it cuts the rest: longer than
 * the keep-alive timeout (Node's 5 s), after which idle connections have ended on their own.
 */
export const HTTP_DRAIN_MS = 8000;

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
export class HttpDrain implements OnModuleDestroy {
  private readonly logger = new Logger('Shutdown');
  private readonly inFlight = new Set<Response>();
  private draining = false;

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /** The process is stopping: readiness answers 503 so a proxy sends nothing new here. */
  get isDraining(): boolean {
    return this.draining;
  }

  /** Express middleware: tracks calls in flight; during the drain every answer closes its connection. */
  middleware() {
    return (_req: Request, res: Response, next: NextFunction): void => {
      if (this.draining) res.setHeader('Connection', 'close');
      this.inFlight.add(res);
      res.once('close', () => this.inFlight.delete(res));
      next();
    };
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server?.listening) return;
    this.draining = true;
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    const started = Date.now();
    // net.Server's close: stop accepting and wait for the open connections. Not http.Server's, which
    // also destroys idle keep-alive connections at once: a client may be writing its next call on
    // one at that instant, and that call is lost (the fault tier dropped one). An idle connection
    // instead ends at its keep-alive timeout, which clients know from the `Keep-Alive: timeout=5`
    // header and end a second earlier themselves; a busy one gets `Connection: close` on its next answer.
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'deadline'>((resolve) => {
      timer = setTimeout(() => resolve('deadline'), HTTP_DRAIN_MS);
    });
    const outcome = await Promise.race([closed.then(() => 'drained' as const), deadline]);
    clearTimeout(timer);
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
