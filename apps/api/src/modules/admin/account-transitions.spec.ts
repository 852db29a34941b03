import { ACCOUNT_ACTIONS, ACCOUNT_STATUSES } from '@legenett/contracts';
import { ACCOUNT_TRANSITIONS, actionsFrom, findTransition, resolveTarget } from './account-transitions';

describe('account transitions', () => {
  it('has at most one row per status and action', () => {
    const keys = ACCOUNT_TRANSITIONS.map((t) => `${t.from}:${t.action}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each([
    ['awaiting_approval', ['approve', 'reject', 'block']],
    ['in_review', ['approve', 'reject', 'block']],
    ['approved', ['block']],
    ['rejected', ['approve', 'block']],
    ['blocked', ['unblock']],
  ] as const)('%s allows %j', (status, actions) => {
    expect(actionsFrom(status)).toEqual(actions);
  });

  it('refuses everything not in the table', () => {
    for (const status of ACCOUNT_STATUSES) {
      for (const action of ACCOUNT_ACTIONS) {
        expect(findTransition(status, action) !== undefined).toBe(actionsFrom(status).includes(action));
      }
    }
    expect(findTransition('approved', 'approve')).toBeUndefined();
  });

  it('unblock goes back to the status before the block, else to the queue', () => {
    expect(resolveTarget('previous', 'approved')).toBe('approved');
    expect(resolveTarget('previous', 'rejected')).toBe('rejected');
    expect(resolveTarget('previous', null)).toBe('awaiting_approval');
    expect(resolveTarget('previous', 'blocked')).toBe('awaiting_approval');
    expect(resolveTarget('approved', 'rejected')).toBe('approved');
  });
});
