import fs from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import { keyOf, newKeyBase, type Storage } from './storage';

/**
 * A stand-in S3-compatible server (path-style, one bucket, in memory): enough of PutObject,
 * GetObject (with a byte range) and DeleteObject to run the adapter through the real AWS SDK, signatures unchecked.
 */
class FakeS3 {
  readonly objects = new Map<string, { body: Buffer; type: string }>();
  readonly requests: string[] = [];
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(({ status, headers, body }) => {
        res.writeHead(status, headers);
        res.end(body);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; headers: Record<string, string>; body?: Buffer | string }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const key = decodeURIComponent(url.pathname);
    this.requests.push(`${req.method} ${key}`);
    if (req.method === 'PUT') {
      this.objects.set(key, { body: decodeChunked(Buffer.concat(chunks), req), type: String(req.headers['content-type'] ?? '') });
      return { status: 200, headers: { ETag: '"fake"' } };
    }
    if (req.method === 'DELETE') {
      this.objects.delete(key);
      return { status: 204, headers: {} };
    }
    const found = this.objects.get(key);
    if (!found) {
      const xml = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>';
      return { status: 404, headers: { 'Content-Type': 'application/xml' }, body: xml };
    }
    // GetObject with `Range: bytes=a-b`, as S3 answers it: 206 and the whole size after the slash.
    const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
    if (range) {
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), found.body.length - 1);
      const body = found.body.subarray(start, end + 1);
      return {
        status: 206,
        headers: { 'Content-Type': found.type, 'Content-Length': String(body.length), 'Content-Range': `bytes ${start}-${end}/${found.body.length}` },
        body,
      };
    }
    return { status: 200, headers: { 'Content-Type': found.type, 'Content-Length': String(found.body.length) }, body: found.body };
  }
}

/** The SDK may send `aws-chunked` bodies (`<hex size>;chunk-signature=…\r\n<data>\r\n…0\r\n`). */
function decodeChunked(raw: Buffer, req: IncomingMessage): Buffer {
  const encoding = String(req.headers['content-encoding'] ?? '');
  if (!encoding.includes('aws-chunked')) return raw;
  const parts: Buffer[] = [];
  let at = 0;
  while (at < raw.length) {
    const lineEnd = raw.indexOf('\r\n', at);
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const fake = new FakeS3();
let endpoint: string;
let dir: string;

beforeAll(async () => {
  endpoint = await fake.start();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-storage-'));
});
afterAll(async () => {
  await fake.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each([
  ['local directory', (): Storage => new LocalStorage(dir)],
  ['S3-compatible bucket', (): Storage => new S3Storage({ bucket: 'legenett', region: 'eu-north-1', endpoint, accessKeyId: 'test', secretAccessKey: 'test' })],
])('Storage: %s', (_name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('stores, reads back and deletes an object; a missing one reads as null and deletes quietly', async () => {
    const key = keyOf(newKeyBase('posts'), 'pdf');
    const body = Buffer.from('%PDF-1.4 test document');
    await storage.put(key, body, 'application/pdf');
    const stored = await storage.get(key);
    expect(stored).not.toBeNull();
    expect(stored!.contentType).toBe('application/pdf');
    expect(await readAll(stored!.body)).toEqual(body);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('stores a file from disk and reads byte ranges of it (media streaming)', async () => {
    const key = keyOf(newKeyBase('media'), 'mp4');
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    const source = path.join(dir, `source-${Date.now()}.bin`);
    fs.writeFileSync(source, bytes);
    await storage.putFile(key, source, 'video/mp4');
    const part = await storage.get(key, { start: 100, end: 199 });
    expect(part!.size).toBe(5000);
    expect(await readAll(part!.body)).toEqual(bytes.subarray(100, 200));
    const whole = await storage.get(key);
    expect(await readAll(whole!.body)).toEqual(bytes);
    await storage.delete(key);
  });

  it('refuses keys outside the closed key alphabet', async () => {
    await expect(storage.put('../escape.pdf', Buffer.from('x'), 'application/pdf')).rejects.toThrow(/Invalid storage key/);
    expect(await storage.get('avatars/../../etc/passwd')).toBeNull();
    await expect(storage.delete('/absolute.pdf')).rejects.toThrow(/Invalid storage key/);
  });

  it('deletes many at once, skipping unset keys, and serves them under /api/files', async () => {
    const keys = [keyOf(newKeyBase('avatars'), 'webp', 'lg'), keyOf(newKeyBase('avatars'), 'webp', 'sm')];
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/webp');
    await storage.deleteMany([...keys, null, undefined]);
    for (const key of keys) expect(await storage.get(key)).toBeNull();
    expect(storage.publicUrl(keys[0]!)).toBe(`/api/files/${keys[0]}`);
  });

  it('deleteQuietly removes an object, and logs instead of throwing when it cannot', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const key = keyOf(newKeyBase('images'), 'webp', 'lg');
      await storage.put(key, Buffer.from('x'), 'image/webp');
      await storage.deleteQuietly(key);
      expect(await storage.get(key)).toBeNull();
      await expect(storage.deleteQuietly(key)).resolves.toBeUndefined();
      expect(warn).not.toHaveBeenCalled();
      await expect(storage.deleteQuietly('../escape.pdf')).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('Could not remove stored object ../escape.pdf'));
    } finally {
      warn.mockRestore();
    }
  });
});

const brokenKey = keyOf(newKeyBase('images'), 'pdf');

it.each([
  // A directory where the object should be: the file system refuses to remove it as a file.
  ['local directory', (): Storage => {
    fs.mkdirSync(path.join(dir, brokenKey), { recursive: true });
    return new LocalStorage(dir);
  }],
  // Nothing listens on the discard port.
  ['S3-compatible bucket', (): Storage => new S3Storage({ bucket: 'legenett', region: 'eu-north-1', endpoint: 'http://127.0.0.1:9', accessKeyId: 'test', secretAccessKey: 'test' })],
])('deleteQuietly on a failing %s logs and resolves', async (_name, make) => {
  const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  try {
    const storage = make();
    const key = brokenKey;
    await expect(storage.delete(key)).rejects.toThrow();
    await expect(storage.deleteQuietly(key)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`Could not remove stored object ${key}`));
  } finally {
    warn.mockRestore();
  }
});

it('the S3 adapter addresses objects path-style in its bucket', () => {
  expect(fake.requests.some((r) => /^PUT \/legenett\/posts\/[a-f0-9]{32}\.pdf$/.test(r))).toBe(true);
  expect(fake.objects.size).toBe(0);
});
