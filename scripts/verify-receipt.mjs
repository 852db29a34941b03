#!/usr/bin/env node
// Checks a Legenett petition signature receipt on its own: node:crypto only, no project code, so
// anyone can read it and run it (docs/petitions.md, "Checking a receipt").
//
//   node scripts/verify-receipt.mjs receipt.json [--checkpoint checkpoint.json] [--key <base64 | key.json | key.pem>] [--user <account id>]
//
// receipt.json     the receipt downloaded from the petition page (or GET /api/petitions/{id}/signatures/receipt)
// --checkpoint     a checkpoint fetched yourself (GET /api/petition-log/checkpoint); default: the receipt's own.
//                  A later checkpoint than the receipt's needs a fresh receipt (the proof is for one tree size).
// --key            the log's public key, fetched yourself (GET /api/petition-log/key, or docs/petitions.md);
//                  default: the key in the receipt (then only the receipt's consistency is shown, not who signed it).
// --user           your account id: also checks that the entry's signer is you (with the receipt's salt).
//
// Prints "valid" and exits 0, or "invalid: <the exact reason>" and exits 1.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';

const ORIGIN = 'legenett.no/petition-log';

const sha256 = (...parts) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};
const leafHash = (bytes) => sha256(Buffer.from([0x00]), bytes);
const nodeHash = (l, r) => sha256(Buffer.from([0x01]), l, r);

/** RFC 9162 2.1.3.2. */
function verifyInclusion(index, size, leaf, proof, root) {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.equals(root);
}

function publicKeyFrom(value) {
  let raw = value.trim();
  if (raw.startsWith('{')) raw = JSON.parse(raw).data?.public_key ?? JSON.parse(raw).public_key;
  if (raw.includes('BEGIN PUBLIC KEY')) return createPublicKey(raw);
  const bytes = Buffer.from(raw, 'base64');
  if (bytes.length !== 32) throw new Error('the public key is not 32 bytes of base64 (Ed25519)');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: bytes.toString('base64url') }, format: 'jwk' });
}

const keyIdOf = (key) => sha256(Buffer.from(key.export({ format: 'jwk' }).x, 'base64url')).toString('hex').slice(0, 16);
const signed = (key, text, signature) => {
  try {
    return verify(null, Buffer.from(text, 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
};
const readJson = (file) => {
  const value = JSON.parse(readFileSync(file, 'utf8'));
  return value && typeof value === 'object' && 'data' in value ? value.data : value;
};
const hex64 = (s) => typeof s === 'string' && /^[0-9a-f]{64}$/.test(s);

/** The reason the receipt is not valid, or null. Exported for the project's tests. */
export function check(receipt, options = {}) {
  const { entry, promise, salt } = receipt;
  if (!entry || !promise) return 'the file is not a petition receipt (no entry or promise)';
  const checkpoint = options.checkpoint ?? receipt.checkpoint;
  const key = publicKeyFrom(options.key ?? receipt.public_key);
  const keyId = keyIdOf(key);

  const text = `legenett-petition-log/v1\n${entry.petition_id}\n${entry.action}\n${entry.signer}\n${entry.created_at}\n`;
  const leaf = leafHash(Buffer.from(text, 'utf8'));
  if (leaf.toString('hex') !== entry.leaf_hash) return 'the entry does not hash to its leaf_hash (the entry or the hash was changed)';
  if (options.user !== undefined) {
    const name = sha256(Buffer.from(`petition:${entry.petition_id}:user:${options.user}`, 'utf8')).toString('hex');
    if (sha256(Buffer.from(`${salt}:${name}`, 'utf8')).toString('hex') !== entry.signer) return 'the entry names another signer than this account (with this salt)';
  }

  if (promise.key_id !== keyId) return `the promise is signed by key ${promise.key_id}, not by the given key ${keyId}`;
  const promised = promise.text.split('\n');
  if (promised[0] !== `${ORIGIN}/promise` || promised[1] !== entry.leaf_hash) return 'the promise is for another entry';
  if (!signed(key, promise.text, promise.signature)) return "the promise's signature does not verify with the log's key";

  if (!checkpoint) return 'no checkpoint yet: the entry waits for the sequencer (fetch the receipt again in a few seconds)';
  if (checkpoint.key_id !== keyId) return `the checkpoint is signed by key ${checkpoint.key_id}, not by the given key ${keyId}`;
  if (!hex64(checkpoint.root_hash)) return 'the checkpoint has no valid root hash';
  const root = Buffer.from(checkpoint.root_hash, 'hex');
  const body = `${ORIGIN}\n${checkpoint.tree_size}\n${root.toString('base64')}\n${checkpoint.created_at}\n`;
  if (checkpoint.text !== undefined && checkpoint.text !== body) return "the checkpoint's text does not match its size, root and time";
  if (!signed(key, body, checkpoint.signature)) return "the checkpoint's signature does not verify with the log's key";

  if (receipt.checkpoint && options.checkpoint && receipt.checkpoint.tree_size !== options.checkpoint.tree_size) {
    return `the receipt's proof is for tree size ${receipt.checkpoint.tree_size}, the given checkpoint has ${options.checkpoint.tree_size}: fetch a fresh receipt`;
  }
  const proof = receipt.inclusion_proof;
  if (!Array.isArray(proof) || !proof.every(hex64)) return 'the inclusion proof is missing or malformed';
  if (!verifyInclusion(receipt.leaf_index, checkpoint.tree_size, leaf, proof.map((h) => Buffer.from(h, 'hex')), root)) {
    return `the inclusion proof does not lead from leaf ${receipt.leaf_index} to the checkpoint's root at tree size ${checkpoint.tree_size}`;
  }
  return null;
}

function main(argv) {
  const args = argv.slice(2);
  const file = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--')));
  const option = (name) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  if (!file) {
    process.stderr.write('usage: node scripts/verify-receipt.mjs receipt.json [--checkpoint checkpoint.json] [--key key] [--user id]\n');
    return 2;
  }
  const keyArg = option('key');
  let key;
  if (keyArg !== undefined) {
    try {
      key = readFileSync(keyArg, 'utf8');
    } catch {
      key = keyArg;
    }
  }
  const checkpointFile = option('checkpoint');
  const reason = check(readJson(file), {
    checkpoint: checkpointFile ? readJson(checkpointFile) : undefined,
    key,
    user: option('user'),
  });
  if (reason) {
    process.stdout.write(`invalid: ${reason}\n`);
    return 1;
  }
  if (keyArg === undefined) process.stdout.write("note: checked with the key inside the receipt; pass --key with the log's published key to know who signed it\n");
  process.stdout.write('valid\n');
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv);
