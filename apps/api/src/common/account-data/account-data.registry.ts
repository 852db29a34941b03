import { Injectable } from '@nestjs/common';
import { type AccountEraser, type AccountExporter, type ErasureRule } from './account-data.types';

const STAGE_RANK = { first: 0, default: 1, last: 2, sweep: 3 } as const;
const rank = (e: AccountEraser): number => STAGE_RANK[e.stage ?? 'default'];

/**
 * Who erases and exports which personal data. Each module registers its own step from its
 * `<area>.account-data.ts` provider (`onModuleInit`), so the tables a module owns are handled by
 * the module itself; `account-data.int-spec.ts` fails when a column pointing at users has no rule.
 */
@Injectable()
export class AccountDataRegistry {
  private readonly erasers: AccountEraser[] = [];
  private readonly exporters: AccountExporter[] = [];

  registerEraser(eraser: AccountEraser): void {
    if (this.erasers.some((e) => e.name === eraser.name))
      throw new Error(`Account eraser "${eraser.name}" is registered twice`);
    for (const rule of eraser.rules) {
      const owner = this.erasers.find((e) => e.rules.some((r) => r.column === rule.column));
      if (owner) throw new Error(`${rule.column} has rules in both "${owner.name}" and "${eraser.name}"`);
    }
    this.erasers.push(eraser);
  }

  registerExporter(exporter: AccountExporter): void {
    if (this.exporters.some((e) => e.name === exporter.name)) {
      throw new Error(`Account exporter "${exporter.name}" is registered twice`);
    }
    this.exporters.push(exporter);
  }

  /** The erase steps in the order they run: `first`, the rest as registered, `last`, `sweep`. */
  erasersInOrder(): readonly AccountEraser[] {
    return [...this.erasers].sort((a, b) => rank(a) - rank(b));
  }

  exportersInOrder(): readonly AccountExporter[] {
    return this.exporters;
  }

  /** Every declared rule with the step that declared it. */
  rules(): readonly (ErasureRule & { eraser: string })[] {
    return this.erasers.flatMap((e) => e.rules.map((rule) => ({ ...rule, eraser: e.name })));
  }
}
