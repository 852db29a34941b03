import { PasswordSchema } from '@legenett/contracts';
import { BREACHED_PASSWORD_COUNT, isCommonPassword, loadCommonPasswords } from './common-passwords';

describe('the password policy', () => {
  it('bundles the 100 000 most common breached passwords plus local variants', () => {
    expect(loadCommonPasswords()).toBeGreaterThanOrEqual(BREACHED_PASSWORD_COUNT);
  });

  it('refuses breached passwords whatever their case, also ones that pass the character rule', () => {
    // Near the top of the list, deep in it (rank ~60 000-100 000), and Norwegian variants.
    for (const p of ['123456', 'Password', 'iloveyou', 'P@ssw0rd', 'Passord123!', 'Sommer2026!', 'Legenett2026!']) expect(isCommonPassword(p)).toBe(true);
    expect(isCommonPassword('Tindved-Kaffe-2026!')).toBe(false);
  });

  it('needs at least 10 characters with upper and lower case, a digit and a special character', () => {
    expect(PasswordSchema.safeParse('Aa1!aaaa').success).toBe(false);
    expect(PasswordSchema.safeParse('Aa1!aaaaa').success).toBe(false);
    expect(PasswordSchema.safeParse('Aa1!aaaaaa').success).toBe(true);
    expect(PasswordSchema.safeParse('aa1!aaaaaaaa').success).toBe(false);
    expect(PasswordSchema.safeParse('AAAAAAAAAA1!').success).toBe(false);
    expect(PasswordSchema.safeParse('Aaaaaaaaaa!!').success).toBe(false);
    expect(PasswordSchema.safeParse('Aaaaaaaaaa11').success).toBe(false);
  });
});
