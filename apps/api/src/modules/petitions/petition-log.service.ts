import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign as edSign, verify as edVerify } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type PetitionLogCheckpoint } from '@legenett/contracts';
import { APP_CONFIG, type AppConfig } from '../../config';
import { AppError } from '../../common/errors/app-error';
import { type LoopRound, Scheduler } from '../../common/queue';
import { consistencyProof, consistencyRanges, EMPTY_ROOT, type Hash, inclusionProof, inclusionRanges, nodesFor, perfectNodes, rangeHash } from './petition-log.merkle';
import { type CheckpointRow, PetitionLogRepository } from './petition-log.repository';

/** The log's name in every signed text: a signature for another log or purpose never verifies here. */
export const LOG_ORIGIN = 'legenett.no/petition-log';
/** A sequencer batch is cut at this many entries (or after `sequenceMs`). */
export const MAX_BATCH = 256;
/** The sequencer's loop (common/queue/scheduler.ts). */
export const PETITION_LOG_SEQUENCE_JOB = 'petitions.log.sequence';

/** The text a checkpoint's signature covers (C2SP-style: origin, size, base64 root, then the time). */
export function checkpointText(size: number, root: Hash, at: Date): string {
  return `${LOG_ORIGIN}\n${size}\n${root.toString('base64')}\n${at.toISOString()}\n`;
}

/** The text a promise's signature covers: the entry's leaf hash and when the log promised it. */
export function promiseText(leaf: Hash, at: Date): string {
  return `${LOG_ORIGIN}/promise\n${leaf.toString('hex')}\n${at.toISOString()}\n`;
}

/** PKCS#8 DER of an Ed25519 private key is this prefix and the 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * The signature log's keys, sequencer and proofs (docs/petitions.md, "The signature log"). The
 * Ed25519 key is derived from the PETITION_LOG_SIGNING_KEY secret (its SHA-256 is the seed): like the
 * other secrets it is made on first start by `npm start` and required in production. The sequencer
 * runs on every replica and does its work under an advisory lock, so once at a time.
 */
@Injectable()
export class PetitionLogService implements OnModuleInit {
  private readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** The raw 32-byte public key, base64. */
  readonly publicKeyBase64: string;
  /** First 8 bytes of the public key's SHA-256, hex: names the key in checkpoints. */
  readonly keyId: string;

  constructor(
    private readonly repository: PetitionLogRepository,
    private readonly scheduler: Scheduler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const seed = createHash('sha256').update(config.petitionLog.signingKey, 'utf8').digest();
    this.privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
    this.publicKey = createPublicKey(this.privateKey);
    const raw = this.publicKey.export({ format: 'jwk' }).x!;
    this.publicKeyBase64 = Buffer.from(raw, 'base64url').toString('base64');
    this.keyId = createHash('sha256').update(Buffer.from(raw, 'base64url')).digest('hex').slice(0, 16);
  }

  get publicKeyPem(): string {
    return this.publicKey.export({ format: 'pem', type: 'spki' }).toString();
  }

  private signText(text: string): string {
    return edSign(null, Buffer.from(text, 'utf8'), this.privateKey).toString('base64');
  }

  verifyText(text: string, signature: string): boolean {
    try {
      return edVerify(null, Buffer.from(text, 'utf8'), this.publicKey, Buffer.from(signature, 'base64'));
    } catch {
      return false;
    }
  }

  /** The signed promise of inclusion for an entry (its leaf hash): answered by the sign request and the receipt. */
  promise(leaf: Hash, at: Date) {
    const text = promiseText(leaf, at);
    return { key_id: this.keyId, signature: this.signText(text), text };
  }

  present(row: CheckpointRow): PetitionLogCheckpoint {
    return {
      tree_size: row.tree_size,
      root_hash: row.root_hash.toString('hex'),
      created_at: row.created_at.toISOString(),
      key_id: row.key_id,
      signature: row.signature,
      text: checkpointText(row.tree_size, row.root_hash, row.created_at),
    };
  }

  // ---------- the sequencer ----------

  onModuleInit(): void {
    // A loop of the one scheduler, on the processes that run jobs (ROLE api serves HTTP only); the
    // advisory lock makes it one batch at a time across them. A full batch runs the next at once.
    this.scheduler.loop(PETITION_LOG_SEQUENCE_JOB, this.config.petitionLog.sequenceMs, async (): Promise<LoopRound> => {
      const r = await this.sequenceOnce(false);
      return r && r.added === MAX_BATCH ? 'more' : 'idle';
    });
  }

  /** One batch (at most MAX_BATCH entries); null when another replica holds the sequencer. */
  sequenceOnce(wait: boolean) {
    return this.repository.sequence(
      MAX_BATCH,
      (size, root, at) => ({ signature: this.signText(checkpointText(size, root, at)), key_id: this.keyId }),
      wait,
    );
  }

  /** Sequences until nothing waits (waiting for the lock): deliveries and tests cut the log now. */
  async flush(): Promise<CheckpointRow | null> {
    for (;;) {
      const r = await this.sequenceOnce(true);
      if (!r || r.added < MAX_BATCH) return this.repository.latestCheckpoint();
    }
  }

  // ---------- proofs ----------

  async latest(): Promise<CheckpointRow> {
    const row = await this.repository.latestCheckpoint();
    if (!row) throw AppError.notFound();
    return row;
  }

  /** The root of any size up to the latest checkpoint (from stored subtrees). */
  async rootAt(size: number): Promise<Hash> {
    if (size === 0) return EMPTY_ROOT;
    return rangeHash(0, size, await this.repository.proofNodes(perfectNodes(0, size)));
  }

  /** The largest checkpoint size seen: checkpoints are never removed, so any size up to it exists. */
  private knownSize = 0;

  /** Each size (by its query field) exists in the log, or 422 on the field that is too large. */
  private async requireSize(sizes: Record<string, number>): Promise<void> {
    const entries = Object.entries(sizes);
    if (entries.every(([, s]) => s <= this.knownSize)) return;
    const latest = await this.repository.latestCheckpoint();
    this.knownSize = Math.max(this.knownSize, latest?.tree_size ?? 0);
    const tooLarge = entries.filter(([, s]) => s > this.knownSize).map(([field]) => [field, ['petitions.errors.log_size']]);
    if (tooLarge.length > 0) throw new AppError('VALIDATION', { fields: Object.fromEntries(tooLarge) });
  }

  async inclusion(leaf: number, size: number) {
    await this.requireSize({ size });
    if (leaf >= size) throw new AppError('VALIDATION', { fields: { leaf: ['petitions.errors.log_leaf'] } });
    const ranges = inclusionRanges(leaf, size);
    const get = await this.repository.proofNodes([...nodesFor(ranges), { level: 0, index: leaf }, ...perfectNodes(0, size)]);
    return {
      leaf_index: leaf,
      tree_size: size,
      leaf_hash: get(0, leaf).toString('hex'),
      root_hash: rangeHash(0, size, get).toString('hex'),
      proof: inclusionProof(leaf, size, get).map((h) => h.toString('hex')),
    };
  }

  async consistency(from: number, to: number) {
    if (from > to) throw new AppError('VALIDATION', { fields: { from: ['petitions.errors.log_order'] } });
    await this.requireSize({ from, to });
    const get = await this.repository.proofNodes([...nodesFor(consistencyRanges(from, to)), ...perfectNodes(0, from), ...perfectNodes(0, to)]);
    return {
      from,
      to,
      from_root: (from === 0 ? EMPTY_ROOT : rangeHash(0, from, get)).toString('hex'),
      to_root: (to === 0 ? EMPTY_ROOT : rangeHash(0, to, get)).toString('hex'),
      proof: consistencyProof(from, to, get).map((h) => h.toString('hex')),
    };
  }
}
