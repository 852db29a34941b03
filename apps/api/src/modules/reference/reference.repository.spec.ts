import { likePattern } from './reference.repository';

describe('likePattern', () => {
  it('wraps the term and escapes LIKE wildcards', () => {
    expect(likePattern('oslo')).toBe('%oslo%');
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
