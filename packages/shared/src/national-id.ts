import { createHmac } from 'node:crypto';

/**
 * HMAC-SHA256 (hex) of a national identity number: what `users`, `hpr_register` and
 * `identity_sessions` store instead of it. The seed and the API must use the same key.
 */
export function hashNationalId(nationalId: string, key: string): string {
  // No default key: one committed to the repository would let anyone link hashes to persons.
  if (!key) throw new Error('hashNationalId needs a key (NATIONAL_ID_HASH_KEY)');
  return createHmac('sha256', key).update(nationalId).digest('hex');
}
