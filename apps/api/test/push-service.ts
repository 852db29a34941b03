import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import { type AddressInfo } from 'node:net';

/**
 * A push service of the test tiers (RFC 8030), listening on 127.0.0.1: what FCM, Mozilla's autopush
 * or Apple's service do for a browser, checked as strictly as they do and more.
 *
 * - VAPID (RFC 8292): `Authorization: vapid t=<JWT>, k=<public key>`; the JWT's ES256 signature is
 *   verified with the key of `k=`, its claims checked: `aud` the origin of the endpoint, `exp` in the
 *   future and at most 24 hours away, `sub` a `mailto:` or `https:` contact.
 * - The message (RFC 8291 with RFC 8188's aes128gcm): decrypted with the test subscription's private
 *   key (ECDH P-256, HKDF-SHA-256, AES-128-GCM), its padding delimiter checked.
 * - Headers `TTL` (required), `Urgency`, `Topic` (at most 32 URL-safe base64 characters) kept.
 *
 * A push that fails a check is answered 400/401/403 and recorded with its `problem`; `answers`
 * gives the status of the next pushes to a subscription (500 then 201, a 410).
 */

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser's side: its ECDH key pair and auth secret. */
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
  id: string;
}

export interface ReceivedPush {
  subscription: string;
  status: number;
  problem: string | null;
  headers: { ttl: string | undefined; urgency: string | undefined; topic: string | undefined; encoding: string | undefined };
  claims: { aud?: unknown; exp?: unknown; sub?: unknown } | null;
  vapidKey: string | null;
  /** The decrypted message, parsed as JSON. */
  payload: Record<string, unknown> | null;
}

export interface PushServiceStandIn {
  origin: string;
  received: ReceivedPush[];
  /** A new browser subscription at this service. */
  subscription(): TestSubscription;
  /** The statuses of the next pushes to this subscription, in order (then 201 again). */
  answer(sub: TestSubscription, ...statuses: number[]): void;
  /** Pushes that passed every check, to this subscription. */
  delivered(sub: TestSubscription): ReceivedPush[];
  close(): Promise<void>;
}

const b64url = (b: Buffer): string => b.toString('base64url');

/** The uncompressed P-256 point (65 bytes) as a public KeyObject. */
function publicKeyOf(raw: Buffer) {
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) }, format: 'jwk' });
}

/** RFC 8291 section 3.4 + RFC 8188: the plaintext of an aes128gcm body for this subscription. */
export function decryptAes128gcm(body: Buffer, sub: Pick<TestSubscription, 'privateKey' | 'publicKey' | 'authSecret'>): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (idlen !== 65 || asPublic[0] !== 4) throw new Error('keyid is not an uncompressed P-256 key');
  if (records.length > rs) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(sub.privateKey);
  const shared = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.publicKey, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, sub.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record: data, then the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks `vapid t=..., k=...` for a push to `origin`; answers the claims and key, or the problem. */
function checkVapid(header: string | undefined, origin: string): { problem: string | null; claims: ReceivedPush['claims']; key: string | null } {
  const m = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return { problem: 'no vapid authorization', claims: null, key: null };
  const [, token, key] = m as unknown as [string, string, string];
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) return { problem: 'malformed JWT', claims: null, key };
  const jwtHeader = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as { alg?: string; typ?: string };
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as { aud?: unknown; exp?: unknown; sub?: unknown };
  if (jwtHeader.alg !== 'ES256') return { problem: `alg ${String(jwtHeader.alg)}`, claims, key };
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return { problem: 'k is not an uncompressed P-256 key', claims, key };
  const signed = verify('sha256', Buffer.from(`${h}.${p}`), { key: publicKeyOf(raw), dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!signed) return { problem: 'bad signature', claims, key };
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== origin) return { problem: `aud ${String(claims.aud)} is not ${origin}`, claims, key };
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 3600) return { problem: 'exp not within 24 hours', claims, key };
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return { problem: 'sub is not mailto: or https:', claims, key };
  return { problem: null, claims, key };
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const received: ReceivedPush[] = [];
  const subscriptions = new Map<string, TestSubscription>();
  const queued = new Map<string, number[]>();
  let origin = '';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const sub = subscriptions.get(id);
      const headers = {
        ttl: req.headers.ttl as string | undefined,
        urgency: req.headers.urgency as string | undefined,
        topic: req.headers.topic as string | undefined,
        encoding: req.headers['content-encoding'],
      };
      const record = (status: number, problem: string | null, vapid: ReturnType<typeof checkVapid> | null, payload: ReceivedPush['payload']) => {
        received.push({ subscription: id, status, problem, headers, claims: vapid?.claims ?? null, vapidKey: vapid?.key ?? null, payload });
        res.writeHead(status).end();
      };
      if (req.method !== 'POST' || !sub) return record(404, 'no such subscription', null, null);
      const vapid = checkVapid(req.headers.authorization, origin);
      if (vapid.problem) return record(vapid.problem.startsWith('no vapid') ? 401 : 403, vapid.problem, vapid, null);
      if (headers.ttl === undefined || !/^\d+$/.test(headers.ttl)) return record(400, 'TTL missing', vapid, null);
      if (headers.topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(headers.topic)) return record(400, 'Topic not 32 url-safe base64 characters', vapid, null);
      if (headers.urgency !== undefined && !['very-low', 'low', 'normal', 'high'].includes(headers.urgency)) return record(400, 'bad Urgency', vapid, null);
      if (headers.encoding !== 'aes128gcm') return record(415, 'not aes128gcm', vapid, null);
      let payload: ReceivedPush['payload'];
      try {
        payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), sub).toString('utf8')) as Record<string, unknown>;
      } catch (err) {
        return record(400, `cannot decrypt: ${(err as Error).message}`, vapid, null);
      }
      const status = queued.get(id)?.shift() ?? 201;
      return record(status, status >= 400 ? `answered ${status} as told` : null, vapid, payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    subscription() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const id = b64url(randomBytes(12));
      const sub: TestSubscription = {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64url(publicKey), auth: b64url(authSecret) },
        privateKey: ecdh.getPrivateKey(),
        publicKey,
        authSecret,
      };
      subscriptions.set(id, sub);
      return sub;
    },
    answer(sub, ...statuses) {
      queued.set(sub.id, [...(queued.get(sub.id) ?? []), ...statuses]);
    },
    delivered(sub) {
      return received.filter((r) => r.subscription === sub.id && r.problem === null);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
