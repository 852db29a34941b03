import { foldSmallGroups, OTHER_GROUP_KEY, presentStatistics } from './petition-statistics';

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
