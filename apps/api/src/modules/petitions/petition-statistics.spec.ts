import { anonymousReleaseUpTo, foldSmallGroups, OTHER_GROUP_KEY, type PendingAnonymousEntry, presentStatistics } from './petition-statistics';

describe('petition statistics as presented', () => {
  it('names groups of 5 or more and folds every smaller one into one unnamed group', () => {
    const groups = [
      { key: '1', name: 'Indremedisin', count: 12 },
      { key: '2', name: 'Gynekologi', count: 1 },
      { key: '3', name: 'Kirurgi', count: 5 },
      { key: '4', name: 'Psykiatri', count: 3 },
    ];
    expect(foldSmallGroups(groups, 'no')).toEqual([
      { key: '1', name: 'Indremedisin', count: 12 },
      { key: '3', name: 'Kirurgi', count: 5 },
      { key: OTHER_GROUP_KEY, name: 'Andre (færre enn 5 hver)', count: null },
    ]);
  });

  it('shows the folded count only when it is 5 or more itself', () => {
    const small = [1, 2, 2].map((count, i) => ({ key: String(i), name: `G${i}`, count }));
    expect(foldSmallGroups(small, 'en')).toEqual([{ key: OTHER_GROUP_KEY, name: 'Other (fewer than 5 each)', count: 5 }]);
    expect(foldSmallGroups(small.slice(0, 2), 'en')).toEqual([{ key: OTHER_GROUP_KEY, name: 'Other (fewer than 5 each)', count: null }]);
    expect(foldSmallGroups([], 'en')).toEqual([]);
  });

  it('never names a small group in any of the three splits', () => {
    const stats = presentStatistics(
      {
        byProfession: [
          { key: 'doctor', count: 9 },
          { key: 'student', count: 1 },
        ],
        bySpecialty: [
          { id: 7, name: 'Gynekologi', count: 1 },
          { id: 8, name: 'Indremedisin', count: 9 },
        ],
        byCounty: [
          { id: 3, name: 'Vestfold', count: 1 },
          { id: null, name: null, count: 9 },
        ],
        daily: [{ day: '2026-11-27', count: 10 }],
      },
      'no',
    );
    expect(stats.by_profession.map((g) => g.name)).toEqual(['Lege', 'Andre (færre enn 5 hver)']);
    expect(stats.by_specialty.map((g) => g.name)).toEqual(['Indremedisin', 'Andre (færre enn 5 hver)']);
    expect(stats.by_county.map((g) => [g.name, g.count])).toEqual([
      ['Uten fylke', 9],
      ['Andre (færre enn 5 hver)', null],
    ]);
  });
});

describe('anonymous signers enter the statistics five at once', () => {
  let leaf = 0;
  const sign = (signer: string): PendingAnonymousEntry => ({ leaf_index: leaf++, action: 'sign', signer });
  const withdraw = (signer: string): PendingAnonymousEntry => ({ leaf_index: leaf++, action: 'withdraw', signer });
  beforeEach(() => {
    leaf = 100;
  });

  it('holds back fewer than five signers, and releases the longest prefix that holds five or more', () => {
    expect(anonymousReleaseUpTo([])).toBeNull();
    const four = ['a', 'b', 'c', 'd'].map(sign);
    expect(anonymousReleaseUpTo(four)).toBeNull();
    const five = [...four, sign('e')];
    expect(anonymousReleaseUpTo(five)).toBe(105);
    // A sixth and seventh go along (every prefix from the fifth holds five or more).
    expect(anonymousReleaseUpTo([...five, sign('f'), sign('g')])).toBe(107);
  });

  it('counts a signature withdrawn within the batch for none, and a withdrawal of an earlier one goes along without counting', () => {
    // One account signing and withdrawing again and again cannot fill a batch around one target.
    const churn = [sign('x1'), withdraw('x1'), sign('x2'), withdraw('x2'), sign('x3'), withdraw('x3'), sign('x4'), withdraw('x4'), sign('target')];
    expect(anonymousReleaseUpTo(churn)).toBeNull();
    // A withdrawal of a signature the statistics already hold ('old') does not count either.
    const withOld = [withdraw('old'), sign('a'), sign('b'), sign('c'), sign('d')];
    expect(anonymousReleaseUpTo(withOld)).toBeNull();
    const e = sign('e');
    expect(anonymousReleaseUpTo([...withOld, e])).toBe(e.leaf_index + 1);
    // Five, then one of them withdraws: the five go, the withdrawal waits for the next batch.
    leaf = 0;
    const then = [sign('a'), sign('b'), sign('c'), sign('d'), sign('e'), withdraw('a')];
    expect(anonymousReleaseUpTo(then)).toBe(5);
  });
});
