import { type IncomingMessage, type ServerResponse } from 'node:http';
import { assignRequestId, requestIdOf } from './request-id';

const fakeRes = () => {
  const headers: Record<string, string> = {};
  return { headers, res: { headersSent: false, setHeader: (k: string, v: string) => (headers[k] = v) } as unknown as ServerResponse };
};
const fakeReq = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as IncomingMessage;

describe('request ids', () => {
  it('keeps a sane caller id and echoes it', () => {
    const { res, headers } = fakeRes();
    const req = fakeReq('client-id-0001');
    expect(assignRequestId(req, res)).toBe('client-id-0001');
    expect(headers['X-Request-Id']).toBe('client-id-0001');
    expect(requestIdOf(req)).toBe('client-id-0001');
  });

  it.each(['short', 'has spaces in it', 'x'.repeat(200), 'new\nline-0000'])('replaces %p with a UUID', (given) => {
    const { res } = fakeRes();
    expect(assignRequestId(fakeReq(given), res)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is stable for one request', () => {
    const { res } = fakeRes();
    const req = fakeReq();
    expect(assignRequestId(req, res)).toBe(assignRequestId(req, res));
  });
});
