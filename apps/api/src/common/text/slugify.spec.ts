import { slugify } from './slugify';

describe('slugify', () => {
  it.each([
    ['Legeklinikk Ås AS', 'legeklinikk-as-as'],
    ['Bjørn Ærlig', 'bjorn-aerlig'],
    ['  José  Müller-Østby ', 'jose-muller-ostby'],
    ['Dr. A/S & Co.', 'dr-a-s-co'],
  ])('%s -> %s', (name, slug) => {
    expect(slugify(name, 'x')).toBe(slug);
  });

  it('falls back when no letter or digit is left', () => {
    expect(slugify('—!?', 'company')).toBe('company');
    expect(slugify('', 'user')).toBe('user');
  });

  it('keeps at most 60 characters and never ends on a dash', () => {
    const slug = slugify(`${'a'.repeat(59)} bcd`, 'x');
    expect(slug).toBe('a'.repeat(59));
    expect(slugify('x'.repeat(80), 'x')).toHaveLength(60);
  });
});
