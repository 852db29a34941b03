import { compare, hash } from 'bcrypt';

/** bcrypt cost of new hashes (architecture.md: >= 12). */
export const BCRYPT_COST = 12;

let dummyHash: Promise<string> | null = null;

export const hashPassword = (password: string): Promise<string> => hash(password, BCRYPT_COST);

/**
 * Compares a password with a stored hash; without a hash it still spends the time of one compare,
 * so an unknown e-mail answers as slowly as a wrong password.
 */
export async function passwordMatches(password: string, storedHash: string | null): Promise<boolean> {
  if (storedHash) return compare(password, storedHash);
  dummyHash ??= hash('no-such-account', BCRYPT_COST);
  await compare(password, await dummyHash);
  return false;
}
