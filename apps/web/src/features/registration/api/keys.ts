/** Every query key of the registration feature (the only place they are written). */
export const registrationKeys = {
  identitySession: (id: string) => ['identity-session', id] as const,
  verification: (id: string) => ['user-verification', id] as const,
};
