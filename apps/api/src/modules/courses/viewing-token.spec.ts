import { issueViewingToken, readViewingToken, VIEWING_TOKEN_TTL_SECONDS } from './viewing-token';

describe('viewing token', () => {
  const claims = { recordId: 12, courseId: 3, userId: 7 };

  it('reads back what it issued until it expires', () => {
    const now = Date.UTC(2026, 10, 23, 12);
    const token = issueViewingToken('secret', claims, now);
    expect(readViewingToken('secret', token, now)).toEqual(claims);
    expect(readViewingToken('secret', token, now + (VIEWING_TOKEN_TTL_SECONDS - 1) * 1000)).toEqual(claims);
    expect(readViewingToken('secret', token, now + (VIEWING_TOKEN_TTL_SECONDS + 1) * 1000)).toBeNull();
  });

  it('refuses other secrets, edited claims and garbage', () => {
    const token = issueViewingToken('secret', claims);
    expect(readViewingToken('other', token)).toBeNull();
    expect(readViewingToken('secret', token.replace(/^12\./, '13.'))).toBeNull();
    expect(readViewingToken('secret', 'a.b.c.d.e')).toBeNull();
    expect(readViewingToken('secret', 'nonsense')).toBeNull();
  });
});
