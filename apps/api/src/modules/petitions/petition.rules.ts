import { type MessageKey, type SignerProfession } from '@legenett/contracts';
import { AppError } from '../../common/errors/app-error';

/**
 * The petition rules without I/O (docs/petitions.md, "Decisions"): the transition table, who may
 * sign, how a signer is counted, the milestones. Unit-tested in petition.rules.spec.ts.
 */

export type Status = 'draft' | 'active' | 'finished' | 'closed';

/**
 * The one transition table: which stored change each request makes from each effective state.
 * `finished` is never stored: an active petition past its end date reads as it.
 */
export const TRANSITIONS = {
  publish: { from: ['draft'], to: { status: 'active', visibility: 'open' } },
  close: { from: ['active'], to: { status: 'closed' } },
  archive: { from: ['active', 'finished', 'closed'], to: { visibility: 'archived' } },
} as const satisfies Record<string, { from: readonly Status[]; to: { status?: 'active' | 'closed'; visibility?: 'open' | 'archived' } }>;
export type Transition = keyof typeof TRANSITIONS;

/** Which transition a PATCH asks for (at most one), or null for a plain edit. */
export function transitionOf(input: { visibility?: 'open' | 'archived'; status?: 'closed' }): Transition | null {
  if (input.visibility === 'archived') return 'archive';
  if (input.status === 'closed') return 'close';
  if (input.visibility === 'open') return 'publish';
  return null;
}

/** The state the wire shows: an active petition whose end date passed (Oslo day) is finished. */
export function effectiveStatus(state: { status: Status; end_date: string | null }, today: string): Status {
  return state.status === 'active' && state.end_date !== null && state.end_date < today ? 'finished' : state.status;
}

/** Milestones the owner hears about: 10, 100, 1 000, ... */
export const isMilestone = (n: number): boolean => n >= 10 && /^10*$/.test(String(n));

/** The milestones a count passed on its way from `was` to `now` (a counter batch can pass several). */
export function milestonesBetween(was: number, now: number): number[] {
  const out: number[] = [];
  for (let m = 10; m <= now; m *= 10) if (m > was) out.push(m);
  return out;
}

export const conflict = (message: MessageKey) => new AppError('CONFLICT', { message });

/**
 * 404 for what the caller cannot see (a draft not theirs: `is_initiator` is the caller's standing,
 * from common/access); 409 unless the petition is active (published, open, before its end).
 */
export function requireSignable(
  state: { status: Status; visibility: 'open' | 'archived'; end_date: string | null; is_initiator: boolean } | null,
  today: string,
): void {
  if (!state || (state.status === 'draft' && !state.is_initiator)) throw AppError.notFound();
  const active = state.status === 'active' && state.visibility === 'open' && state.end_date !== null && state.end_date >= today;
  if (!active) throw conflict('petitions.errors.not_active');
}

/** How the signer is counted in the statistics, from the roles the token resolved to. */
export function professionOf(roles: readonly string[]): SignerProfession {
  if (roles.includes('doctor')) return 'doctor';
  if (roles.includes('student')) return 'student';
  return 'other';
}

/**
 * The one owner check: what only the initiator may do (publish, close, archive, delete, export,
 * send the press release, invite or remove co-authors) is 403 `not_owner` for accepted co-authors.
 * Whether the caller may see or edit the petition at all (404) is decided before, by the authors' read.
 * The row's `is_initiator` is the caller's standing, selected with common/access' `petitionInitiatorSql`.
 */
export function requireInitiator(row: { is_initiator: boolean }): void {
  if (!row.is_initiator) throw AppError.forbidden('not_owner');
}
