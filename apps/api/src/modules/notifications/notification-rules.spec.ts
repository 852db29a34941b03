import { DEFAULT_QUIET_WINDOW, deliveryTime, groupKeyOf, isQuiet } from './notification-rules';

const at = (iso: string) => new Date(iso);
const q = DEFAULT_QUIET_WINDOW;

describe('groupKeyOf', () => {
  const now = at('2026-11-27T10:00:00Z');
  it('groups likes and shares of one target per Oslo day, follows per day, comments per post', () => {
    expect(groupKeyOf({ kind: 'like', entity_type: 'post', entity_id: 7 }, now)).toBe('like:post:7:2026-11-27');
    expect(groupKeyOf({ kind: 'share', entity_type: 'post', entity_id: 7 }, now)).toBe('share:post:7:2026-11-27');
    expect(groupKeyOf({ kind: 'new_follower', entity_type: 'user', entity_id: 99 }, now)).toBe('new_follower:2026-11-27');
    expect(groupKeyOf({ kind: 'comment', entity_type: 'post', entity_id: 7 }, now)).toBe('comment:post:7');
  });
  it('the bucket is the Norwegian day: 23:30 UTC in winter is already the next day in Oslo', () => {
    expect(groupKeyOf({ kind: 'like', entity_type: 'post', entity_id: 7 }, at('2026-11-27T23:30:00Z'))).toBe('like:post:7:2026-11-28');
  });
  it('never groups messages, account or moderation decisions, petitions or courses', () => {
    for (const kind of ['chat_message', 'account_decision', 'course_decision', 'petition_answer', 'course_reminder'] as const) {
      expect(groupKeyOf({ kind, entity_type: 'post', entity_id: 7 }, now)).toBeNull();
    }
  });
});

describe('quiet hours (22:00-07:00 Oslo)', () => {
  it('lets the day through and holds the evening and the night until 07:00 Oslo', () => {
    expect(deliveryTime(at('2026-11-27T12:00:00Z'), q)).toEqual(at('2026-11-27T12:00:00Z'));
    // 22:30 Oslo (winter, UTC+1) -> 07:00 the next morning = 06:00 UTC.
    expect(deliveryTime(at('2026-11-27T21:30:00Z'), q)).toEqual(at('2026-11-28T06:00:00Z'));
    // 03:00 Oslo -> 07:00 the same morning.
    expect(deliveryTime(at('2026-11-28T02:00:00Z'), q)).toEqual(at('2026-11-28T06:00:00Z'));
    // 07:00 sharp is outside; 21:59 too.
    expect(isQuiet(at('2026-11-28T06:00:00Z'), q)).toBe(false);
    expect(isQuiet(at('2026-11-27T20:59:00Z'), q)).toBe(false);
  });

  it('in summer 07:00 Oslo is 05:00 UTC', () => {
    expect(deliveryTime(at('2026-07-01T21:00:00Z'), q)).toEqual(at('2026-07-02T05:00:00Z'));
  });

  it('across the spring change (29 March 2026, 02:00 -> 03:00): a night that is one hour shorter', () => {
    // 23:00 Oslo on Saturday 28 March (UTC+1) -> 07:00 on Sunday, now summer time (UTC+2) = 05:00 UTC.
    expect(deliveryTime(at('2026-03-28T22:00:00Z'), q)).toEqual(at('2026-03-29T05:00:00Z'));
    // 01:30 Oslo before the change and 03:30 Oslo after it hold until the same 07:00.
    expect(deliveryTime(at('2026-03-29T00:30:00Z'), q)).toEqual(at('2026-03-29T05:00:00Z'));
    expect(deliveryTime(at('2026-03-29T01:30:00Z'), q)).toEqual(at('2026-03-29T05:00:00Z'));
    expect(isQuiet(at('2026-03-29T05:00:00Z'), q)).toBe(false);
  });

  it('across the autumn change (25 October 2026, 03:00 -> 02:00): a night that is one hour longer', () => {
    // 23:00 Oslo on Saturday 24 October (UTC+2) -> 07:00 on Sunday, now winter time (UTC+1) = 06:00 UTC.
    expect(deliveryTime(at('2026-10-24T21:00:00Z'), q)).toEqual(at('2026-10-25T06:00:00Z'));
    // Both 02:30s of that night (00:30 and 01:30 UTC) wait for the same morning.
    expect(deliveryTime(at('2026-10-25T00:30:00Z'), q)).toEqual(at('2026-10-25T06:00:00Z'));
    expect(deliveryTime(at('2026-10-25T01:30:00Z'), q)).toEqual(at('2026-10-25T06:00:00Z'));
    // 06:30 Oslo (05:30 UTC) is still quiet; 07:00 Oslo (06:00 UTC) is not.
    expect(isQuiet(at('2026-10-25T05:30:00Z'), q)).toBe(true);
    expect(isQuiet(at('2026-10-25T06:00:00Z'), q)).toBe(false);
  });

  it('a course reminder for an event inside the quiet hours goes at once; one for a later event waits', () => {
    const night = at('2026-11-27T22:00:00Z'); // 23:00 Oslo
    expect(deliveryTime(night, q, at('2026-11-27T23:00:00Z'))).toEqual(night);
    expect(deliveryTime(night, q, at('2026-11-28T09:00:00Z'))).toEqual(at('2026-11-28T06:00:00Z'));
  });

  it('off, or a window of its own (13:00-14:00, not across midnight)', () => {
    expect(deliveryTime(at('2026-11-27T22:00:00Z'), { ...q, enabled: false })).toEqual(at('2026-11-27T22:00:00Z'));
    const lunch = { enabled: true, startMinute: 13 * 60, endMinute: 14 * 60 };
    expect(deliveryTime(at('2026-11-27T12:30:00Z'), lunch)).toEqual(at('2026-11-27T13:00:00Z'));
    expect(deliveryTime(at('2026-11-27T11:30:00Z'), lunch)).toEqual(at('2026-11-27T11:30:00Z'));
  });
});
