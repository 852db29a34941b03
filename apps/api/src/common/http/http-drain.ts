import { type Server } from 'node:http';
import { Global, Injectable, Logger, Module, type OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type NextFunction, type Request, type Response } from 'express';

/** Longest a stopping process waits for its calls in flight before it cuts the remaining connections. */
export const HTTP_DRAIN_MS = 5000;

/**
 * A graceful stop of the HTTP side (SIGTERM, a deploy, a restart). Nest closes the HTTP server only
 * after every other shutdown hook, and `server.close()` then waits for every keep-alive connection a
 * client keeps busy: the fault tier's restarted replica served for 10 s more after its job queue had
 * closed and had to be killed. Here, first of all the hooks: stop accepting connections, answer every
 * call still in flight with `Connection: close` (so clients and proxies open their next connection to
 * another replica), close idle connections, and wait until the calls in flight are answered, at most
 * HTTP_DRAIN_MS, while the database pool and the job queue are still open. Long-lived streams (SSE)
 * are cut at the deadline; their clients reconnect elsewhere.
 */
@Injectable()
export class HttpDrain implements OnModuleDestroy {
  private readonly logger = new Logger('Shutdown');
  private readonly inFlight = new Set<Response>();
  private draining = false;

  constructor(private readonly adapterHost: HttpAdapterHost) {}

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
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
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
