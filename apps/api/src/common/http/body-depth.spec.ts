import { exceedsDepth } from './body-depth';

const arrays = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

describe('exceedsDepth', () => {
  it('lets flat and moderately nested values through', () => {
    expect(exceedsDepth(undefined, 3)).toBe(false);
    expect(exceedsDepth('text', 3)).toBe(false);
    expect(exceedsDepth({ a: 1, b: [1, 2], c: { d: 'x' } }, 3)).toBe(false);
    expect(exceedsDepth(arrays(3), 3)).toBe(false);
  });

  it('catches a value one level too deep, in arrays and objects', () => {
    expect(exceedsDepth(arrays(4), 3)).toBe(true);
    expect(exceedsDepth({ a: { b: { c: { d: {} } } } }, 3)).toBe(true);
  });

  it('walks 100 000 levels without exhausting the stack', () => {
    expect(exceedsDepth(arrays(100_000), 32)).toBe(true);
  });
});
