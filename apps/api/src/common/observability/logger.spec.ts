import http from 'node:http';
import { type AddressInfo } from 'node:net';
import pino from 'pino';
import { createHttpLogger, httpLogLevel, redactToken } from './logger';

describe('redactToken', () => {
  it('hides the token query parameter and keeps the rest', () => {
    expect(redactToken('/api/user-notifications/stream?token=abc.def.ghi')).toBe('/api/user-notifications/stream?token=[redacted]');
    expect(redactToken('/api/x?a=1&token=abc&b=2')).toBe('/api/x?a=1&token=[redacted]&b=2');
    expect(redactToken('/api/x?page=2')).toBe('/api/x?page=2');
  });
});

describe('httpLogLevel', () => {
  it('logs a 503 (a dependency away) as a warning and other 5xx as errors', () => {
    expect(httpLogLevel(503, false)).toBe('warn');
    expect(httpLogLevel(500, false)).toBe('error');
    expect(httpLogLevel(502, false)).toBe('error');
    expect(httpLogLevel(200, true)).toBe('error');
    expect(httpLogLevel(429, false)).toBe('warn');
    expect(httpLogLevel(201, false)).toBe('info');
  });
});

describe('the request log line', () => {
  it('names the request by id, method and URL (token hidden) and the answer by status, and nothing else of them', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const middleware = createHttpLogger(logger);
    const server = http.createServer((req, res) =>
      middleware(req, res, () => {
        res.statusCode = 201;
        res.setHeader('set-cookie', 'secret=1');
        res.end();
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/user-notifications/stream?token=abc.def.ghi`, {
        headers: { authorization: 'Bearer abc.def.ghi', cookie: 'access_token=abc' },
      });
      expect(res.status).toBe(201);
      for (let i = 0; i < 50 && lines.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { req: unknown; res: unknown; level: number };
    expect(line.req).toEqual({ id: expect.any(String), method: 'GET', url: '/api/user-notifications/stream?token=[redacted]' });
    expect(line.res).toEqual({ statusCode: 201 });
    expect(lines[0]).not.toContain('abc.def.ghi');
    expect(lines[0]).not.toContain('secret=1');
    expect(lines[0]).not.toContain('access_token');
  });
});
