import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A client's id is kept when it is short and plain (it ends up in logs and headers). */
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

const ids = new WeakMap<IncomingMessage, string>();

/**
 * The request's id: the caller's `X-Request-Id` when sane, else a new UUID; echoed in the response.
 * pino-http calls this as `genReqId`, so logs and error bodies carry the same id.
 */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const existing = ids.get(req);
  if (existing) return existing;
  const header = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  const given = Array.isArray(header) ? header[0] : header;
  const id = given && SANE_ID.test(given) ? given : randomUUID();
  ids.set(req, id);
  if (!res.headersSent) res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

export function requestIdOf(req: IncomingMessage): string {
  return ids.get(req) ?? 'unknown';
}
