import { Injectable } from '@nestjs/common';
import { type MessageKey } from '@legenett/contracts';
import { AppError } from '../../common/errors/app-error';
import { ReferenceRepository, type ReferenceTable } from './reference.repository';

/** One field of a form that points at reference rows: its name, the table, and the id(s) it holds. */
export type ReferenceCheck = [field: string, table: ReferenceTable, ids: number | readonly number[] | null];

/**
 * That the rows a form points at exist (a county, a hospital, specialities ...): the one check every
 * module uses. A missing one is a 422 on its field with `validation.unknown_reference`.
 */
@Injectable()
export class ReferenceChecks {
  constructor(private readonly repository: ReferenceRepository) {}

  /** The fields whose id (or one of whose ids) does not exist; empty when all do. For services that add errors of their own. */
  async unknown(checks: readonly ReferenceCheck[]): Promise<Record<string, MessageKey[]>> {
    const fields: Record<string, MessageKey[]> = {};
    await Promise.all(
      checks.map(async ([field, table, value]) => {
        const ids = value === null ? [] : typeof value === 'number' ? [value] : value;
        if (ids.length === 0) return;
        const found = await this.repository.existingIds(table, ids);
        if (ids.some((id) => !found.has(id))) fields[field] = ['validation.unknown_reference'];
      }),
    );
    return fields;
  }

  /** 422 naming every field whose id does not exist. */
  async require(checks: readonly ReferenceCheck[]): Promise<void> {
    const fields = await this.unknown(checks);
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { fields });
  }
}
