// node --test scripts/secrets.test.mjs
import assert from 'node:assert/strict';
import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { loadOrCreateSecrets, SECRET_NAMES } from './secrets.mjs';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-secrets-'));

test('first start makes random secrets in a private file; later starts reuse them', () => {
  const dir = tempDir();
  try {
    const first = loadOrCreateSecrets(dir, {});
    assert.deepEqual(first.generated, SECRET_NAMES);
    assert.equal(fs.statSync(first.file).mode & 0o777, 0o600);
    for (const name of SECRET_NAMES) assert.ok(first.secrets[name].length >= 32);
    assert.equal(new Set(Object.values(first.secrets)).size, SECRET_NAMES.length);

    const second = loadOrCreateSecrets(dir, {});
    assert.deepEqual(second.generated, []);
    assert.deepEqual(second.secrets, first.secrets);

    // Another data directory gets other keys: none is built in.
    const other = tempDir();
    try {
      assert.notEqual(loadOrCreateSecrets(other, {}).secrets.JWT_SECRET, first.secrets.JWT_SECRET);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a secret from the environment wins and is not written', () => {
  const dir = tempDir();
  try {
    const given = 'g'.repeat(40);
    const { secrets, generated, file } = loadOrCreateSecrets(dir, { JWT_SECRET: given });
    assert.equal(secrets.JWT_SECRET, given);
    assert.deepEqual(generated, ['TWO_FACTOR_ENCRYPTION_KEY', 'NATIONAL_ID_HASH_KEY', 'PETITION_LOG_SIGNING_KEY', 'VAPID_PRIVATE_KEY']);
    assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).JWT_SECRET, undefined);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a readable secrets file is made private again', () => {
  const dir = tempDir();
  try {
    const { file } = loadOrCreateSecrets(dir, {});
    fs.chmodSync(file, 0o644);
    loadOrCreateSecrets(dir, {});
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the VAPID key is a P-256 private key (32 bytes base64url); an unusable kept one is made anew', () => {
  const dir = tempDir();
  try {
    const { secrets, file } = loadOrCreateSecrets(dir, {});
    assert.match(secrets.VAPID_PRIVATE_KEY, /^[A-Za-z0-9_-]{43}$/);
    createECDH('prime256v1').setPrivateKey(Buffer.from(secrets.VAPID_PRIVATE_KEY, 'base64url'));
    const kept = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(file, JSON.stringify({ ...kept, VAPID_PRIVATE_KEY: 'v'.repeat(48) }), { mode: 0o600 });
    const again = loadOrCreateSecrets(dir, {});
    assert.deepEqual(again.generated, ['VAPID_PRIVATE_KEY']);
    assert.match(again.secrets.VAPID_PRIVATE_KEY, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(again.secrets.JWT_SECRET, secrets.JWT_SECRET);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
