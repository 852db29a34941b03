import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  findNationalIds,
  GUARD_FINDING_SOURCES,
  type GuardFinding,
  type GuardFindingListQuery,
  type GuardFindingSource,
  type GuardSweep,
  maskNationalId,
  NATIONAL_ID_RULES_VERSION,
} from '@legenett/contracts';
import { hashNationalId } from '@legenett/shared';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { readPage } from '../../common/lists';
import { JobQueue, Scheduler } from '../../common/queue';
import { APP_CONFIG, type AppConfig } from '../../config';
import { UnitOfWork } from '../../database/unit-of-work';
import { type ContentRow, type FindingRow, GuardSweepRepository, type NewFinding, type SweepRow } from './guard-sweep.repository';

/** The queue job that runs one sweep (payload: its id); one job per run (`jobId`). */
export const GUARD_SWEEP_JOB = 'guard.sweep';
/** The scheduled check: a worker that finds no run for today's rules version starts one. */
export const GUARD_RULES_CHECK_JOB = 'guard.rules-check';
/** Rows per keyset batch: one short transaction each, whatever the table's size. */
export const GUARD_SWEEP_BATCH_SIZE = 500;

/**
 * The patient-data guard's sweep of content written before (issue 38, docs/patient-data-guard.md).
 * It runs on an administrator's request and when the guard's rules change
 * (`NATIONAL_ID_RULES_VERSION`), always as a queue job: every source in keyset batches, each batch's
 * findings and the run's cursor in one transaction, so a run killed midway resumes where it was and a
 * re-run adds nothing it found before.
 */
@Injectable()
export class GuardSweepService implements OnModuleInit {
  private readonly logger = new Logger('GuardSweep');

  constructor(
    private readonly repository: GuardSweepRepository,
    private readonly uow: UnitOfWork,
    private readonly jobs: JobQueue,
    private readonly scheduler: Scheduler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ sweepId: number }>(GUARD_SWEEP_JOB, async (job) => {
      await this.run(job.payload.sweepId);
    });
    // The first tick comes when a worker starts, so a deploy with new rules sweeps at once.
    this.scheduler.every(GUARD_RULES_CHECK_JOB, this.config.guardSweep.rulesCheckIntervalMs, () => this.checkRules());
  }

  /** An administrator's request: a new run, or the one already queued or running. */
  async start(me: Principal): Promise<{ data: GuardSweep }> {
    const sweep = await this.request('manual', me.userId);
    return { data: this.presentSweep(sweep) };
  }

  async latest(): Promise<{ data: GuardSweep | null }> {
    const sweep = await this.repository.latestSweep();
    return { data: sweep ? this.presentSweep(sweep) : null };
  }

  /**
   * Whether content was swept with today's rules; if not (a first start, or the rules changed since the
   * last run), a run is queued. Answers the run queued, or null when none was needed.
   */
  async checkRules(rulesVersion: number = NATIONAL_ID_RULES_VERSION): Promise<SweepRow | null> {
    const swept = await this.repository.sweptRulesVersion();
    if (swept !== null && swept >= rulesVersion) return null;
    this.logger.log(`The guard's rules are version ${rulesVersion}, content was last swept with ${swept ?? 'none'}: sweeping`);
    return this.request('rules', null, rulesVersion);
  }

  private async request(reason: 'manual' | 'rules', requestedBy: number | null, rulesVersion = NATIONAL_ID_RULES_VERSION): Promise<SweepRow> {
    const created = await this.repository.createSweep(reason, rulesVersion, requestedBy);
    const sweep = created ?? (await this.repository.activeSweep());
    if (!sweep) throw new Error('No sweep could be created and none is active');
    // One job per run: asking again while it waits or runs adds nothing.
    await this.jobs.enqueue(GUARD_SWEEP_JOB, { sweepId: sweep.id }, { jobId: `guard-sweep-${sweep.id}`, attempts: 3 });
    return sweep;
  }

  /** Runs (or resumes) one sweep to its end. Public so tests await it; the queue calls it otherwise. */
  async run(sweepId: number, options: { batchSize?: number } = {}): Promise<SweepRow | null> {
    const batchSize = options.batchSize ?? GUARD_SWEEP_BATCH_SIZE;
    const sweep = await this.repository.claimSweep(sweepId, NATIONAL_ID_RULES_VERSION);
    if (!sweep) return null; // done, failed, or unknown: nothing to do
    const started = performance.now();
    try {
      const first = sweep.cursor_source ? GUARD_FINDING_SOURCES.indexOf(sweep.cursor_source) : 0;
      for (let i = first; i < GUARD_FINDING_SOURCES.length; i++) {
        const source = GUARD_FINDING_SOURCES[i]!;
        let after = i === first ? sweep.cursor_id : 0;
        for (;;) {
          const rows = await this.repository.batch(source, after, batchSize);
          const found = rows.flatMap((row) => this.scan(source, row));
          const last = rows.at(-1)?.id ?? after;
          await this.uow.run((tx) => this.repository.recordBatch(tx, sweep.id, found, { source, id: last, scanned: rows.length }));
          after = last;
          if (rows.length < batchSize) break;
        }
      }
      await this.repository.finishSweep(sweep.id, 'done');
    } catch (err) {
      await this.repository.finishSweep(sweep.id, 'failed');
      throw err;
    }
    const done = await this.repository.latestSweep();
    this.logger.log(`Sweep ${sweep.id} done in ${Math.round(performance.now() - started)} ms: ${done?.scanned ?? 0} rows, ${done?.found ?? 0} new findings`);
    return done;
  }

  /** Every number in every text of one row, masked and hashed (the same number twice in one field is one finding). */
  private scan(source: GuardFindingSource, row: ContentRow): NewFinding[] {
    const out = new Map<string, NewFinding>();
    for (const [field, text] of Object.entries(row.texts)) {
      if (!text) continue;
      for (const m of findNationalIds(text)) {
        const number_hash = hashNationalId(m.digits, this.config.nationalIdHashKey);
        out.set(`${field}:${number_hash}`, {
          source,
          content_id: row.id,
          field,
          author_user_id: row.user_id,
          author_company_id: row.company_id,
          content_created_at: row.created_at,
          link: row.link,
          masked: maskNationalId(m.digits),
          number_hash,
          could_be_account: m.could_be_account,
        });
      }
    }
    return [...out.values()];
  }

  async findings(q: GuardFindingListQuery) {
    const { rows, meta } = await readPage(q, this.repository.findings(q.status));
    return { data: rows.map((r) => this.presentFinding(r)), meta };
  }

  async decide(me: Principal, id: number, decision: 'removed' | 'not_a_number'): Promise<{ data: GuardFinding }> {
    const finding = await this.repository.finding(id);
    if (!finding) throw AppError.notFound();
    await this.repository.decideFinding(id, decision, me.userId);
    return { data: this.presentFinding((await this.repository.finding(id))!) };
  }

  private presentFinding(r: FindingRow): GuardFinding {
    return {
      id: r.id,
      source: r.source,
      field: r.field,
      content_id: r.content_id,
      link: r.link,
      masked: r.masked,
      could_be_account: r.could_be_account,
      author: r.author,
      content_created_at: new Date(r.content_created_at).toISOString(),
      status: r.status,
      handled_by: r.handled_by,
      handled_at: r.handled_at ? new Date(r.handled_at).toISOString() : null,
      created_at: new Date(r.created_at).toISOString(),
    };
  }

  private presentSweep(s: SweepRow): GuardSweep {
    return {
      id: s.id,
      reason: s.reason,
      rules_version: s.rules_version,
      status: s.status,
      scanned: s.scanned,
      found: s.found,
      started_at: s.started_at?.toISOString() ?? null,
      finished_at: s.finished_at?.toISOString() ?? null,
      created_at: s.created_at.toISOString(),
    };
  }
}
