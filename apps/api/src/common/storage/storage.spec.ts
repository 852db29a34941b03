import { contentTypeOfKey, isStorageKey, keyOf, newKeyBase } from './storage';

describe('storage keys', () => {
  it('are random, in their area, with a closed alphabet', () => {
    const a = newKeyBase('avatars');
    const b = newKeyBase('avatars');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^avatars\/[a-f0-9]{32}$/);
    const key = keyOf(a, 'webp', 'lg');
    expect(isStorageKey(key)).toBe(true);
    expect(contentTypeOfKey(key)).toBe('image/webp');
  });

  it.each([
    '../etc/passwd',
    'avatars/../../secret.webp',
    '/avatars/0123456789abcdef0123456789abcdef.webp',
    'avatars/0123456789abcdef0123456789abcdef.html',
    'avatars/0123456789ABCDEF0123456789ABCDEF.webp',
    'avatars\\0123456789abcdef0123456789abcdef.webp',
    'avatars/short.webp',
    'avatars/0123456789abcdef0123456789abcdef.webp/x',
  ])('refuses %s', (key) => {
    expect(isStorageKey(key)).toBe(false);
  });

  it('refuses bad areas', () => {
    expect(() => newKeyBase('../x')).toThrow();
  });
});
