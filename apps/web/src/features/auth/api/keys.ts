/** The auth feature's query keys. */
export const authKeys = {
  all: ['auth'] as const,
  sessions: () => [...authKeys.all, 'sessions'] as const,
  account: () => [...authKeys.all, 'account'] as const,
};
