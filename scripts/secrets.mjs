// The keys `npm start` gives the API when the environment does not: random on first start, then kept
// in DATA_DIR/secrets.json (mode 0600) so sessions, two-step secrets, national-id hashes, the petition log's key
// and the VAPID key of push notifications (whose public half the browsers' subscriptions hold) survive
// restarts. No key is ever taken from the repository.
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SECRET_NAMES = ['JWT_SECRET', 'TWO_FACTOR_ENCRYPTION_KEY', 'NATIONAL_ID_HASH_KEY', 'PETITION_LOG_SIGNING_KEY', 'VAPID_PRIVATE_KEY'];

/** A P-256 private key (RFC 8292's VAPID): 32 bytes base64url; a key with a leading zero byte is drawn again. */
function newVapidKey() {
  for (;;) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const key = ecdh.getPrivateKey();
    if (key.length === 32) return key.toString('base64url');
  }
}

/** Whether a kept value is a usable key of its kind. */
function usable(name, value) {
  if (typeof value !== 'string') return false;
  if (name !== 'VAPID_PRIVATE_KEY') return value.length >= 32;
  if (!/^[A-Za-z0-9_-]{43}$/.test(value)) return false;
  try {
    createECDH('prime256v1').setPrivateKey(Buffer.from(value, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Each secret from `env` when set there, else from `dataDir/secrets.json`, else a new random one
 * (then written back). Returns the values and which were generated now.
 */
export function loadOrCreateSecrets(dataDir, env = process.env) {
  const file = path.join(dataDir, 'secrets.json');
  let kept = {};
  if (fs.existsSync(file)) {
    kept = JSON.parse(fs.readFileSync(file, 'utf8'));
    // A file others can read gives the keys away: tighten it.
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  }
  const secrets = {};
  const generated = [];
  for (const name of SECRET_NAMES) {
    if (env[name]) {
      secrets[name] = env[name];
    } else if (usable(name, kept[name])) {
      secrets[name] = kept[name];
    } else {
      secrets[name] = name === 'VAPID_PRIVATE_KEY' ? newVapidKey() : randomBytes(48).toString('base64url');
      kept[name] = secrets[name];
      generated.push(name);
    }
  }
  if (generated.length > 0) {
    fs.mkdirSync(dataDir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(tmp, file);
  }
  return { secrets, generated, file };
}
