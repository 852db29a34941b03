import { createECDH } from 'node:crypto';

/**
 * A VAPID private key (RFC 8292: a P-256 scalar, 32 bytes base64url), as `npm start` makes one
 * (scripts/secrets.mjs): for the tiers that start the API in production mode with keys of their own.
 */
export function vapidPrivateKey(): string {
  for (;;) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const key = ecdh.getPrivateKey();
    if (key.length === 32) return key.toString('base64url');
  }
}
