import { CERTIFICATE_CODE_LENGTH } from '@legenett/contracts';
import {
  acceptRefusal,
  certificateEligible,
  creditedSeconds,
  joinRefusal,
  type JoinSituation,
  newCertificateCode,
  watchedSummary,
} from './course-records.rules';

describe('what a certificate counts', () => {
  const w = { live: 40 * 60, replay: 20 * 60 };
  it('gives none for in-person courses, lunch meetings and small groups', () => {
    for (const type of ['course', 'lunch_meeting', 'small_group'] as const) expect(creditedSeconds({ type }, true, w)).toBeNull();
  });
  it('counts live and replay with a seat, only the open replay without one', () => {
    expect(creditedSeconds({ type: 'webinar' }, true, w)).toBe(60 * 60);
    expect(creditedSeconds({ type: 'webinar' }, false, w)).toBe(20 * 60);
  });
});

describe('certificate rule', () => {
  it('needs 80 % of the duration: 79 % is refused, 80 % allowed', () => {
    expect(certificateEligible(0.79 * 60 * 60, 60)).toBe(false);
    expect(certificateEligible(48 * 60 - 1, 60)).toBe(false);
    expect(certificateEligible(48 * 60, 60)).toBe(true);
    expect(certificateEligible(24 * 60, 30)).toBe(true);
    expect(certificateEligible(24 * 60 - 0.5, 30)).toBe(false);
    expect(certificateEligible(120 * 60, 120)).toBe(true);
    expect(certificateEligible(0, 60)).toBe(false);
  });

  it('summarises minutes rounded down, so a refusal never reads 80 %', () => {
    expect(watchedSummary(40 * 60, 7.9 * 60, 60)).toEqual({
      minutes_live: 40,
      minutes_replay: 7,
      minutes_watched: 47,
      share_watched: 0.798,
      percent: 79,
    });
    expect(watchedSummary(48 * 60, 0, 60).percent).toBe(80);
  });

  it('makes unguessable codes of 20 Crockford characters', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newCertificateCode()));
    expect(codes.size).toBe(2000);
    for (const code of codes)
      expect(code).toMatch(new RegExp(`^[0-9A-HJKMNP-TV-Z]{${CERTIFICATE_CODE_LENGTH}}$`));
  });
});

describe('small group rules', () => {
  const open: JoinSituation = {
    type: 'small_group',
    status: 'approved',
    isOrganiser: false,
    isMember: false,
    request: null,
    seatsTaken: 3,
    maxSeats: 8,
  };

  it('lets anyone ask to join an approved group with a free seat, again after a decline', () => {
    expect(joinRefusal(open)).toBeNull();
    expect(joinRefusal({ ...open, request: 'declined' })).toBeNull();
  });

  it('refuses other types, closed groups, the organiser, members, a second pending request and a full group', () => {
    expect(joinRefusal({ ...open, type: 'webinar' })).toBe('course_records.errors.not_small_group');
    expect(joinRefusal({ ...open, status: 'cancelled' })).toBe('course_records.errors.group_closed');
    expect(joinRefusal({ ...open, isOrganiser: true })).toBe('course_records.errors.organiser_cannot_join');
    expect(joinRefusal({ ...open, isMember: true })).toBe('course_records.errors.already_member');
    expect(joinRefusal({ ...open, request: 'pending' })).toBe('course_records.errors.request_pending');
    expect(joinRefusal({ ...open, seatsTaken: 8 })).toBe('course_records.errors.group_full');
  });

  it('accepts only pending requests while a seat is free', () => {
    expect(acceptRefusal('pending', 7, 8)).toBeNull();
    expect(acceptRefusal('pending', 8, 8)).toBe('course_records.errors.group_full');
    expect(acceptRefusal('accepted', 1, 8)).toBe('course_records.errors.request_decided');
    expect(acceptRefusal('declined', 1, 8)).toBe('course_records.errors.request_decided');
  });
});
