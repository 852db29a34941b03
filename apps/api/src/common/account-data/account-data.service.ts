import { Injectable, Logger } from '@nestjs/common';
import { isStorageKey, Storage } from '../storage/storage';
import { AccountDataRegistry } from './account-data.registry';
import { AccountDataRepository } from './account-data.repository';
import { type ErasureContext, type ExportRows } from './account-data.types';

/** Columns that are secrets or keyed hashes: never part of an export, whichever module's rows hold them. */
const SECRET_COLUMNS = new Set([
  'password_hash',
  'two_factor_secret',
  'two_factor_last_step',
  'national_id_hash',
  'person_national_id_hash',
  'pending_email_token_hash',
  'token_hash',
  'code_hash',
]);

const withoutSecrets = (row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_COLUMNS.has(key)));

/**
 * Runs every registered erase step in one transaction and every export source
 * (docs/account-deletion.md). Knows no table: the modules that own the tables register the steps.
 */
@Injectable()
export class AccountDataService {
  private readonly logger = new Logger('AccountData');

  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly repository: AccountDataRepository,
    private readonly storage: Storage,
  ) {}

  /** Erases the account: all steps commit together or not at all; stored files go after the commit. */
  async erase(userId: number, reason: string, now: Date): Promise<void> {
    const keys: string[] = [];
    const ctx: ErasureContext = {
      now,
      reason,
      removeAfterCommit: (...more) => keys.push(...more.filter((k): k is string => !!k)),
    };
    await this.repository.transaction(async (tx) => {
      for (const eraser of this.registry.erasersInOrder()) await eraser.erase(tx, userId, ctx);
    });
    await this.removeFiles(keys);
  }

  /** Everything stored about the person, section by section, without secret columns. */
  async export(userId: number): Promise<Record<string, ExportRows>> {
    const data: Record<string, ExportRows> = {};
    for (const exporter of this.registry.exportersInOrder()) {
      for (const [section, rows] of Object.entries(await exporter.export(userId))) {
        if (section in data) throw new Error(`Export section "${section}" comes from two exporters`);
        data[section] = rows.map(withoutSecrets);
      }
    }
    return data;
  }

  /**
   * The one place erased files leave storage. Rows are gone already; a file that cannot be removed
   * now is logged, not an error for the person (an orphan sweep can find it later).
   */
  private async removeFiles(keys: string[]): Promise<void> {
    try {
      await this.storage.deleteMany(keys.filter(isStorageKey));
    } catch (err) {
      this.logger.warn(`Could not remove ${keys.length} stored file(s): ${(err as Error).message}`);
    }
  }
}
