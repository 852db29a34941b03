import { AppError } from '../../common/errors/app-error';
import { effectiveStatus, isMilestone, milestonesBetween, professionOf, requireInitiator, requireSignable, TRANSITIONS, transitionOf } from './petition.rules';

const active = { status: 'active' as const, visibility: 'open' as const, end_date: '2026-12-31', is_initiator: false };
const code = (f: () => void): string | null => {
  try {
    f();
    return null;
  } catch (err) {
    return err instanceof AppError ? `${err.code}` : 'other';
  }
};

describe('petition rules', () => {
  it('reads one transition per PATCH, archive first', () => {
    expect(transitionOf({ visibility: 'archived', status: 'closed' })).toBe('archive');
    expect(transitionOf({ status: 'closed' })).toBe('close');
    expect(transitionOf({ visibility: 'open' })).toBe('publish');
    expect(transitionOf({})).toBeNull();
    expect(TRANSITIONS.close.from).toEqual(['active']);
  });

  it('an active petition past its end date is finished', () => {
    expect(effectiveStatus({ status: 'active', end_date: '2026-01-01' }, '2026-01-02')).toBe('finished');
    expect(effectiveStatus({ status: 'active', end_date: '2026-01-02' }, '2026-01-02')).toBe('active');
    expect(effectiveStatus({ status: 'closed', end_date: '2026-01-01' }, '2026-01-02')).toBe('closed');
  });

  it('takes signatures only while active, open and not ended; hides others\' drafts', () => {
    expect(code(() => requireSignable(active, '2026-06-01'))).toBeNull();
    expect(code(() => requireSignable(active, '2027-01-01'))).toBe('CONFLICT');
    expect(code(() => requireSignable({ ...active, visibility: 'archived' }, '2026-06-01'))).toBe('CONFLICT');
    expect(code(() => requireSignable({ ...active, status: 'draft' }, '2026-06-01'))).toBe('NOT_FOUND');
    expect(code(() => requireSignable({ ...active, status: 'draft', is_initiator: true }, '2026-06-01'))).toBe('CONFLICT');
    expect(code(() => requireSignable(null, '2026-06-01'))).toBe('NOT_FOUND');
  });

  it('names milestones, also several passed in one counter batch', () => {
    expect([9, 10, 11, 100, 1000, 1001].map(isMilestone)).toEqual([false, true, false, true, true, false]);
    expect(milestonesBetween(9, 10)).toEqual([10]);
    expect(milestonesBetween(10, 99)).toEqual([]);
    expect(milestonesBetween(5, 1200)).toEqual([10, 100, 1000]);
    expect(milestonesBetween(12, 9)).toEqual([]);
  });

  it('counts a signer by their roles', () => {
    expect(professionOf(['member', 'doctor', 'student'])).toBe('doctor');
    expect(professionOf(['student'])).toBe('student');
    expect(professionOf(['member'])).toBe('other');
  });

  it('leaves the initiator\'s acts to the initiator (403 not_owner)', () => {
    expect(code(() => requireInitiator({ is_initiator: true }))).toBeNull();
    expect(code(() => requireInitiator({ is_initiator: false }))).toBe('FORBIDDEN');
  });
});
