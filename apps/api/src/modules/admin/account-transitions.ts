import { type AccountAction, type AccountDecisionKind, type AccountStatus } from '@legenett/contracts';

/** `previous`: back to the status the account had before its block (see the decision history). */
export type TargetStatus = AccountStatus | 'previous';

export interface AccountTransition {
  from: AccountStatus;
  action: AccountAction;
  to: TargetStatus;
}

/**
 * The account state machine: which administrator action is allowed in which status, and where it
 * leads. Everything not listed is a 409. A rejected account may still be approved (the administrator
 * changes their mind, e.g. after the user sent proof); an approved one is not rejected but blocked.
 */
export const ACCOUNT_TRANSITIONS: readonly AccountTransition[] = [
  { from: 'awaiting_approval', action: 'approve', to: 'approved' },
  { from: 'in_review', action: 'approve', to: 'approved' },
  { from: 'rejected', action: 'approve', to: 'approved' },
  { from: 'awaiting_approval', action: 'reject', to: 'rejected' },
  { from: 'in_review', action: 'reject', to: 'rejected' },
  { from: 'awaiting_approval', action: 'block', to: 'blocked' },
  { from: 'in_review', action: 'block', to: 'blocked' },
  { from: 'approved', action: 'block', to: 'blocked' },
  { from: 'rejected', action: 'block', to: 'blocked' },
  { from: 'blocked', action: 'unblock', to: 'previous' },
];

/** What each action records and what it does besides changing the status. */
export const ACTION_EFFECTS: Record<AccountAction, { decision: AccountDecisionKind; needsReason: boolean; endsSessions: boolean }> = {
  approve: { decision: 'approved', needsReason: false, endsSessions: false },
  reject: { decision: 'rejected', needsReason: true, endsSessions: false },
  block: { decision: 'blocked', needsReason: true, endsSessions: true },
  unblock: { decision: 'unblocked', needsReason: false, endsSessions: false },
};

export function findTransition(from: AccountStatus, action: AccountAction): AccountTransition | undefined {
  return ACCOUNT_TRANSITIONS.find((t) => t.from === from && t.action === action);
}

/** The actions an account in `status` allows, in the table's order. */
export function actionsFrom(status: AccountStatus): AccountAction[] {
  return [...new Set(ACCOUNT_TRANSITIONS.filter((t) => t.from === status).map((t) => t.action))];
}

/** Where `unblock` leads: the status before the block, never `blocked` itself; unknown -> queue again. */
export function resolveTarget(to: TargetStatus, before: AccountStatus | null): AccountStatus {
  if (to !== 'previous') return to;
  return before && before !== 'blocked' ? before : 'awaiting_approval';
}
