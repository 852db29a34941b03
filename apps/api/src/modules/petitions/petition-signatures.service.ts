import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { type ChainVerification, osloToday, type SignatureReceipt, type SignerProfession } from '@legenett/contracts';
import { APP_CONFIG, type AppConfig } from '../../config';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { Scheduler } from '../../common/queue';
import { NotificationPublisher } from '../notifications';
import { inclusionProof, inclusionRanges, LeafAudit, nodesFor } from './petition-log.merkle';
import { entryLeaf, PetitionLogRepository } from './petition-log.repository';
import { checkpointText, PetitionLogService } from './petition-log.service';
import { Batcher } from '../../common/batching';
import { type CountedPetition, PetitionSignaturesRepository, type SignOutcome, type SignRequest } from './petition-signatures.repository';
import { milestonesBetween, professionOf, requireSignable } from './petition.rules';
import { PetitionsRepository } from './petitions.repository';

export const PETITION_RECONCILE_JOB = 'petitions.reconcile';
/** The counter's loop (common/queue/scheduler.ts). */
export const PETITION_COUNT_JOB = 'petitions.count';
const DAY_MS = 86_400_000;
/** A petition's entries checked per read by `verify`. */
const VERIFY_BATCH = 5000;

/**
 * Signing, withdrawing, receipts and the counts (docs/petitions.md, "Signatures"). Signing inserts
 * and returns; the counter job (`fold`, at most every second, once across replicas) adds the log up
 * into the petitions' counts and statistics; reconciliation (nightly and the admin button) recounts.
 */
@Injectable()
export class PetitionSignaturesService implements OnModuleInit {
  private readonly logger = new Logger('PetitionCounts');
  /** The signing queue of this process (group commit; docs/performance/petitions.md). */
  private readonly signing: Batcher<SignRequest, SignOutcome> | null;

  constructor(
    private readonly repository: PetitionSignaturesRepository,
    private readonly petitions: PetitionsRepository,
    private readonly log: PetitionLogService,
    private readonly logRepository: PetitionLogRepository,
    private readonly notifications: NotificationPublisher,
    private readonly scheduler: Scheduler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.signing = config.petitionLog.signBatch === 1 ? null : new Batcher((requests) => this.repository.signMany(requests), (request) => this.repository.sign(request), {
      maxBatch: config.petitionLog.signBatch,
      maxInFlight: config.petitionLog.signInFlight,
      keyOf: (r) => `${r.petitionId}:${r.userId}`,
      onBatchError: (err, size) => this.logger.warn(`A batch of ${size} signatures failed and is retried one by one: ${err instanceof Error ? err.message : String(err)}`),
    });
  }

  // ---------- signing ----------

  /**
   * Signs (the gate "confirmed health personnel" is the endpoint descriptor's). The request joins the
   * process's signing queue (`Batcher`): signatures arriving together are stored by one statement
   * and one commit (`signMany`: it checks the petition and inserts), a lone one at once; a batch
   * that fails is retried request by request (`sign`). Only when the petition takes no signatures is
   * it read, to answer why (404, or 409 not active).
   */
  async sign(me: Principal, id: number, anonymous: boolean): Promise<{ data: SignatureReceipt }> {
    const request: SignRequest = { petitionId: id, userId: me.userId, anonymous, profession: professionOf(me.roles) satisfies SignerProfession, today: osloToday() };
    const signed = await (this.signing ? this.signing.submit(request) : this.repository.sign(request));
    if (signed.kind === 'duplicate') throw new AppError('CONFLICT', { message: 'petitions.errors.already_signed' });
    if (signed.kind === 'closed') {
      // Not found, a draft, closed, archived or past its end date.
      requireSignable(await this.petitions.signingContext(id, me.userId), osloToday());
      throw new AppError('CONFLICT', { message: 'petitions.errors.not_active' });
    }
    const entry = { petition_id: id, action: 'sign' as const, signer: signed.signer, created_at: signed.createdAt };
    const leaf = entryLeaf(entry);
    return {
      data: {
        petition_id: id,
        signed_at: signed.createdAt.toISOString(),
        anonymous,
        signatures_count: signed.signaturesCount,
        entry: { ...entry, created_at: signed.createdAt.toISOString(), leaf_hash: leaf.toString('hex') },
        salt: signed.salt,
        promise: this.log.promise(leaf, new Date()),
        leaf_index: null,
        inclusion_proof: null,
        checkpoint: null,
        public_key: this.log.publicKeyBase64,
      },
    };
  }

  async withdraw(me: Principal, id: number): Promise<void> {
    const context = await this.petitions.signingContext(id, me.userId);
    requireSignable(context, osloToday());
    if (!context!.signed) throw AppError.notFound();
    if (!(await this.repository.withdraw(id, me.userId, osloToday()))) {
      requireSignable(await this.petitions.signingContext(id, me.userId), osloToday());
      throw AppError.notFound();
    }
  }

  /** The receipt: the entry, its salt, a fresh promise and (once sequenced) the proof in the latest checkpoint. */
  async receipt(me: Principal, id: number): Promise<{ data: SignatureReceipt }> {
    const signature = await this.repository.signature(id, me.userId);
    if (!signature) throw AppError.notFound();
    const entry = (await this.logRepository.entry(signature.entry_id))!;
    const checkpoint = entry.leaf_index === null ? null : await this.logRepository.latestCheckpoint();
    const leaf = entryLeaf(entry);
    let proof: string[] | null = null;
    if (checkpoint && entry.leaf_index !== null) {
      const get = await this.logRepository.proofNodes(nodesFor(inclusionRanges(entry.leaf_index, checkpoint.tree_size)));
      proof = inclusionProof(entry.leaf_index, checkpoint.tree_size, get).map((h) => h.toString('hex'));
    }
    return {
      data: {
        petition_id: id,
        signed_at: signature.signed_at.toISOString(),
        anonymous: signature.anonymous,
        signatures_count: signature.signatures_count,
        entry: { petition_id: id, action: entry.action, signer: entry.signer, created_at: entry.created_at.toISOString(), leaf_hash: leaf.toString('hex') },
        salt: entry.salt,
        promise: this.log.promise(leaf, entry.created_at),
        leaf_index: checkpoint ? entry.leaf_index : null,
        inclusion_proof: proof,
        checkpoint: checkpoint ? this.log.present(checkpoint) : null,
        public_key: this.log.publicKeyBase64,
      },
    };
  }

  /**
   * Checks the petition's entries against the latest checkpoint: its signature, and the audit of the
   * petition's leaves (`LeafAudit` in petition-log.merkle.ts: each leaf recomputed from its entry
   * against the stored one, the root rebuilt from them and the stored subtrees around them).
   */
  async verify(id: number): Promise<{ data: ChainVerification }> {
    const state = await this.petitions.countState(id);
    if (!state) throw AppError.notFound();
    const checkpoint = await this.logRepository.latestCheckpoint();
    const pending = await this.logRepository.pending(id);
    if (!checkpoint) {
      return { data: { intact: true, length: 0, broken_at: null, checkpoint: null, signature_valid: false, count_matches: state.signatures_count === 0, signatures_count: state.signatures_count, pending } };
    }
    const size = checkpoint.tree_size;
    const signatureValid = checkpoint.key_id === this.log.keyId && this.log.verifyText(checkpointText(size, checkpoint.root_hash, checkpoint.created_at), checkpoint.signature);
    const audit = new LeafAudit(size);
    let count = 0;
    for (let from = 0; ; ) {
      const batch = await this.logRepository.petitionEntries(id, size, from, VERIFY_BATCH);
      if (batch.length === 0) break;
      const stored = await this.logRepository.nodes(batch.map((e) => ({ level: 0, index: e.leaf_index })));
      for (const e of batch) {
        audit.add(e.leaf_index, entryLeaf(e), stored(0, e.leaf_index));
        count += e.action === 'sign' ? 1 : -1;
      }
      from = batch[batch.length - 1]!.leaf_index + 1;
    }
    const rootMatches = audit.rootMatches(checkpoint.root_hash, await this.logRepository.nodes(audit.nodesNeeded()));
    // The shown count is the log's count at the counter's cursor (the same cut, whatever the lag).
    const counted = state.counted_through >= size ? count : await this.logRepository.countAt(id, state.counted_through);
    return {
      data: {
        intact: audit.brokenAt === null && rootMatches && signatureValid,
        length: audit.count,
        broken_at: audit.brokenAt,
        checkpoint: this.log.present(checkpoint),
        signature_valid: signatureValid,
        count_matches: counted === state.signatures_count,
        signatures_count: state.signatures_count,
        pending,
      },
    };
  }

  // ---------- the counter job ----------

  onModuleInit(): void {
    // The nightly reconciliation: a scheduled job (common/queue/scheduler.ts), once across every worker.
    this.scheduler.every(PETITION_RECONCILE_JOB, this.config.housekeeping.intervalMs === 0 ? 0 : DAY_MS, async () => {
      const r = await this.reconcile('nightly');
      if (r.corrections > 0) this.logger.warn(`Reconciliation corrected ${r.corrections} count(s) of ${r.petitions} petition(s)`);
    });
    // The counter folds the log's new entries into the petitions' counts: a loop of the scheduler on
    // the processes that run jobs (one at a time across them: the fold takes an advisory lock).
    this.scheduler.loop(PETITION_COUNT_JOB, this.config.petitionLog.countIntervalMs, async () => {
      await this.count();
      return 'idle';
    });
  }

  /** One counter batch (null: another replica holds the job); milestone notices in the same transaction. */
  count() {
    return this.repository.fold(async (tx, counted: CountedPetition[]) => {
      for (const p of counted) {
        for (const n of milestonesBetween(p.was, p.now)) {
          await this.notifications.publish(
            tx,
            { user_id: p.user_id, kind: 'petition_milestone', actor_user_id: null, partner_company_id: null, entity_type: 'petition', entity_id: p.id, data: { title: p.title, count: n } },
            `petition-milestone:${p.id}:${n}`,
          );
        }
      }
    });
  }

  reconcile(source: string) {
    return this.repository.reconcile(source);
  }

  /** The admin button. */
  async reconcileNow(me: Principal) {
    return { data: await this.reconcile(`admin:${me.userId}`) };
  }
}
