import { type IncomingMessage, type ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { type AppConfig } from '../../config';
import { assignRequestId } from '../context/request-id';

const QUIET_PATHS = new Set(['/api/health', '/api/metrics']);

/**
 * The process logger: JSON lines, except in development on a terminal, where pino-pretty makes them
 * readable when it is installed. Not into a file or a pipe: pretty-printing runs in a worker thread
 * that took CPU from the requests under load (docs/performance/api-overhead.md).
 */
export function createLogger(config: AppConfig): Logger {
  const pretty = config.env === 'development' && config.logLevel !== 'silent' && process.stdout.isTTY === true && canUsePretty();
  const options = {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], remove: true },
  };
  if (pretty) {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss' } } });
  }
  // Buffered, asynchronous writes (a synchronous write per request line was an eighth of the API's
  // CPU under load); whatever is buffered is written out when the process exits, so the last lines
  // before a SIGTERM exit are not lost.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  flushOnExit.add(destination);
  if (flushOnExit.size === 1) process.once('exit', flushLogs);
  return pino(options, destination);
}

const flushOnExit = new Set<{ flushSync(): void }>();

/** Writes out what the log destinations still buffer (at shutdown and at exit). */
export function flushLogs(): void {
  for (const destination of flushOnExit) {
    try {
      destination.flushSync();
    } catch {
      // stdout already closed: nothing left to write to
    }
  }
}

function canUsePretty(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** `?token=...` -> `?token=[redacted]`. */
export const redactToken = (url: string): string => url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');

/**
 * The level of a request's log line. A 503 says a dependency is away (PostgreSQL down, maintenance):
 * the error filter already logs its reason once per request as a warning, and an outage must not
 * fill the error log with a stack per request (the fault tier saw thousands).
 */
export const httpLogLevel = (status: number, failed: boolean): 'info' | 'warn' | 'error' => {
  if (status === 503) return 'warn';
  if (failed || status >= 500) return 'error';
  return status >= 400 ? 'warn' : 'info';
};

/**
 * What a request's log line says of the request and of its answer: id, method, URL (the SSE route
 * takes the access token as `?token=`, EventSource sends no headers: never logged) and status.
 */
export const httpLogSerializers = {
  req: (req: { id?: unknown; method?: string; originalUrl?: string; url?: string }) => ({
    id: req.id,
    method: req.method,
    url: redactToken(req.originalUrl ?? req.url ?? ''),
  }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
};

/** Request logging with the request id of ../context/request-id (also echoed as X-Request-Id). */
export function createHttpLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => assignRequestId(req, res),
    customLogLevel: (_req, res, err) => httpLogLevel(res.statusCode, Boolean(err)),
    // pino-http makes up an Error ("failed with status code 503") for every 5xx; a 503 needs no stack.
    customErrorObject: (_req, res, err, value: Record<string, unknown>) => {
      if (res.statusCode !== 503 || !(err instanceof Error) || !err.message.startsWith('failed with status code')) return value;
      const { err: _synthetic, ...rest } = value;
      return rest;
    },
    autoLogging: { ignore: (req) => QUIET_PATHS.has((req.url ?? '').split('?')[0] ?? '') },
    // Our serializers read the request and the answer themselves. pino-http's wrapped ones first
    // built the standard objects (every header copied, the peer's address asked of the socket) and
    // ours then threw them away: per request, measurable in the signing burst's profile.
    wrapSerializers: false,
    serializers: httpLogSerializers,
  });
}
