import { z } from 'zod';
import { BigIdParamSchema, PageMetaSchema, PageQuerySchema } from './common';
import { defineEndpoint } from './endpoint';

/** Longest subscription endpoint accepted (the push services' are about 200-500 characters). */
export const PUSH_ENDPOINT_MAX = 2048;

/**
 * base64url (padding allowed) of exactly `bytes` bytes; `first`: the first character the first byte
 * gives (`B` for 0x04). Read from the length alone, so the web and the API share it without Buffer.
 */
const base64urlBytes = (bytes: number, first?: string) =>
  z
    .string()
    .trim()
    .max(200)
    .refine((v) => {
      const s = v.replace(/=+$/, '');
      if (!/^[A-Za-z0-9_-]+$/.test(s) || s.length % 4 === 1) return false;
      return Math.floor((s.length * 3) / 4) === bytes && (first === undefined || s.startsWith(first));
    }, { message: 'validation.push_key' });

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it (RFC 8030 endpoint, RFC 8291
 * keys). The endpoint is an address the server will call: its shape is checked here, the rule about
 * which hosts are allowed (https on public hosts; http://127.0.0.1 outside production) by the API,
 * 422 on `endpoint` (docs/push-and-pwa.md, "Which endpoints are accepted").
 */
export const PushSubscriptionInput = z.object({
  endpoint: z.string().trim().max(PUSH_ENDPOINT_MAX, { message: 'validation.invalid_url' }).pipe(z.url({ protocol: /^https?$/, message: 'validation.invalid_url' })),
  keys: z.object({
    /** The browser's ECDH P-256 public key, uncompressed (65 bytes, 0x04 first). */
    p256dh: base64urlBytes(65, 'B'),
    /** The authentication secret (16 bytes). */
    auth: base64urlBytes(16),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

/** One device that receives my pushes (`GET /user/push-subscriptions`); the endpoint itself is never shown. */
export const PushDeviceSchema = z.object({
  id: z.number().int(),
  /** Browser and system read from the user agent at subscription ("Chrome", "Android"); null when unknown. */
  device: z.object({ browser: z.string().nullable(), system: z.string().nullable() }),
  /** The push service's host (`fcm.googleapis.com`): which company relays the pushes. */
  push_service: z.string(),
  created_at: z.string(),
  /** The last push the push service accepted for it; null before the first. */
  last_used_at: z.string().nullable(),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

export const PushDevicePageQuery = PageQuerySchema;

/**
 * What the service worker receives (the decrypted push message), in the recipient's language. `body`
 * is empty unless the recipient turned on the lock-screen preview (`push_preview`); `tag` groups as
 * the bell does (one per conversation, per grouped post); `url` is the page to open.
 */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  tag: z.string(),
  url: z.string(),
  kind: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

export const pushEndpoints = {
  vapidKey: defineEndpoint({
    method: 'GET',
    path: '/push/vapid-public-key',
    summary: "The server's VAPID public key (RFC 8292), for the browser's pushManager.subscribe",
    access: 'user',
    response: z.object({ data: z.object({ public_key: z.string() }) }),
  }),
  devices: defineEndpoint({
    method: 'GET',
    path: '/user/push-subscriptions',
    summary: 'The devices that receive my push notifications, newest first',
    access: 'user',
    personal: true,
    query: PushDevicePageQuery,
    response: z.object({ data: z.array(PushDeviceSchema), meta: PageMetaSchema }),
  }),
  subscribe: defineEndpoint({
    method: 'POST',
    path: '/user/push-subscriptions',
    summary: 'Turn push on for this device (the same endpoint again updates it: idempotent)',
    access: 'user',
    personal: true,
    body: PushSubscriptionInput,
    response: z.object({ data: PushDeviceSchema }),
    status: 201,
  }),
  unsubscribe: defineEndpoint({
    method: 'DELETE',
    path: '/user/push-subscriptions/:id',
    summary: 'Stop pushes to one of my devices',
    access: 'user',
    personal: true,
    params: BigIdParamSchema,
    response: null,
  }),
} as const;
