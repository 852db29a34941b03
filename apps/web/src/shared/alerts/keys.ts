/** Every cached alert list lives under `alertKeys.all`: saving or deleting one refreshes them all. */
export const alertKeys = {
  all: ['alerts'] as const,
  list: (page: number) => [...alertKeys.all, 'list', page] as const,
};
