import { createHmac } from 'node:crypto';

/** Development key for the keyed hash of national identity numbers (set NATIONAL_ID_HASH_KEY elsewhere). */
export const DEFAULT_NATIONAL_ID_HASH_KEY = 'legenett-development-national-id-key';

/**
 * HMAC-SHA256 (hex) of a national identity number: what `users`, `hpr_register` and
 * `identity_sessions` store instead of it. The seed and the API must use the same key.
 */
export function hashNationalId(
  nationalId: string,
  key: string = process.env.NATIONAL_ID_HASH_KEY ?? DEFAULT_NATIONAL_ID_HASH_KEY,
): string {
  return createHmac('sha256', key).update(nationalId).digest('hex');
}
