import { Injectable } from '@nestjs/common';
import { Storage } from '../storage/storage';
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
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly repository: AccountDataRepository,
    private readonly storage: Storage,
  ) {}

  /**
   * Erases the account: all steps commit together or not at all, the files step last; the objects of
   * the deleted files leave storage after the commit.
   */
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
   * The one place erased files leave storage. Their rows are gone already; an object that cannot be
   * removed now is logged by `deleteQuietly`, not an error for the person (ADR 0007).
   */
  private async removeFiles(keys: readonly string[]): Promise<void> {
    await Promise.all([...new Set(keys)].map((key) => this.storage.deleteQuietly(key)));
  }
}
