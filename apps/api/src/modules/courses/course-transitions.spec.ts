import { COURSE_STATUSES } from '@legenett/contracts';
import { COURSE_TRANSITIONS, EDITABLE_STATUSES, nextStatus } from './course-transitions';

describe('course transitions', () => {
  it('follows the table and refuses everything else', () => {
    expect(nextStatus('draft', 'submit', 'owner')).toBe('submitted');
    expect(nextStatus('rejected', 'submit', 'owner')).toBe('submitted');
    expect(nextStatus('submitted', 'approve', 'admin')).toBe('approved');
    expect(nextStatus('submitted', 'reject', 'admin')).toBe('rejected');
    expect(nextStatus('approved', 'cancel', 'owner')).toBe('cancelled');
    expect(nextStatus('submitted', 'approve', 'owner')).toBeNull();
    expect(nextStatus('approved', 'submit', 'owner')).toBeNull();
    expect(nextStatus('rejected', 'cancel', 'owner')).toBeNull();
    expect(nextStatus('cancelled', 'submit', 'owner')).toBeNull();
    const cancellable = COURSE_STATUSES.filter((s) => nextStatus(s, 'cancel', 'owner') === 'cancelled');
    expect(cancellable).toEqual(['draft', 'submitted', 'approved']);
  });

  it('locks approved and cancelled courses', () => {
    expect(EDITABLE_STATUSES).not.toContain('approved');
    expect(EDITABLE_STATUSES).not.toContain('cancelled');
    expect(new Set(COURSE_TRANSITIONS.map((t) => `${t.from}:${t.event}`)).size).toBe(COURSE_TRANSITIONS.length);
  });
});
