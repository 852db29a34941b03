import { type User } from '@legenett/contracts';

/**
 * Creating a company is a `member` + `personal` endpoint without a permission key: an approved
 * account, not acting as a business profile.
 */
export function createRefusal(user: User | null): 'not_approved' | 'as_company' | null {
  if (!user || user.status_label !== 'Approved') return 'not_approved';
  if (user.active_business_profile) return 'as_company';
  return null;
}

/** The slug of a company I manage, by its id (the manage route carries the id, the API wants the slug). */
export function managedSlug(user: User | null, id: number): string | null {
  return user?.available_business_profiles.find((c) => c.id === id)?.slug ?? null;
}

const positiveInt = (value: string | null | undefined): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** `1,2,x` -> [1, 2]; also the route's `:id`. */
export const idsOf = (value: string | null): number[] =>
  (value ?? '')
    .split(',')
    .map((s) => positiveInt(s.trim()))
    .filter((n): n is number => n !== null);

export { positiveInt };
