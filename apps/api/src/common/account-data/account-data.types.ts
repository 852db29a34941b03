import { type Transaction } from '@legenett/db';

/** The one transaction every erase step runs in (what `db.transaction` hands its callback). */
export type AccountTx = Transaction;

/** What an erase step does to the rows a `table.column` pair points at. */
export type ErasureAction =
  /** the rows are deleted */
  | 'delete'
  /** the rows stay; the column is set to null */
  | 'set null'
  /** the rows stay pointing at the anonymous tombstone (`why` says what keeps them harmless) */
  | 'keep'
  /** some rows are deleted, the others stay pointing at the tombstone (`why` says which) */
  | 'delete or keep';

/** One column holding a `users.id` and what erasure and export do with it. */
export interface ErasureRule {
  /** `table.column`, as in PostgreSQL (`job_views.user_id`). */
  column: `${string}.${string}`;
  does: ErasureAction;
  /** Why, in a sentence a data-protection officer can read (it goes into docs/account-deletion.md). */
  why: string;
  /** The section of `GET /user/export` holding these rows, or null when they are not exported (`why` says why). */
  exportedAs: string | null;
}

/** Handed to every erase step. */
export interface ErasureContext {
  now: Date;
  /** `reason_to_delete` as the person wrote it. */
  reason: string;
  /**
   * Storage keys to remove once the transaction has committed (null and undefined are ignored). Only
   * the files step needs it: other steps drop the rows that point at `stored_files`, and the files
   * step deletes what nothing uses any more.
   */
  removeAfterCommit(...keys: readonly (string | null | undefined)[]): void;
}

/** A module's erase step: registered once at start-up (see docs/how-to/erase-and-export-user-data.md). */
export interface AccountEraser {
  /** Unique; the owning area (`jobs`, `marketplace`). */
  name: string;
  /** Every `table.column` holding a users.id that this step handles; the completeness test reads them. */
  rules: readonly ErasureRule[];
  /** Runs inside the one erasure transaction: use `tx`, never the module's own `db`. */
  erase(tx: AccountTx, userId: number, ctx: ErasureContext): Promise<void>;
  /**
   * Leave it out. `first` and `last` are for the users module: it locks the users row before every
   * other step and scrubs it into the tombstone after them. `sweep` is for the files module: it runs
   * after `last`, when no erased row points at the person's files any more, and deletes those nothing
   * uses. The other steps must not depend on order.
   */
  stage?: 'first' | 'last' | 'sweep';
}

/** Rows of one export section: plain column values (secret columns are dropped centrally). */
export type ExportRows = Record<string, unknown>[];

/** A module's export source: section name -> the person's rows. */
export interface AccountExporter {
  /** Unique; the owning area. */
  name: string;
  export(userId: number): Promise<Record<string, ExportRows>>;
}
