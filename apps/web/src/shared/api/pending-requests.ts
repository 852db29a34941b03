import { createExternalStore, useExternalStore } from '@/shared/lib/external-store';

/** Requests that should show the global loading overlay while they run (by default: writes). */
const pending = createExternalStore(0);

export const pendingRequests = {
  start: () => pending.set((n) => n + 1),
  end: () => pending.set((n) => Math.max(0, n - 1)),
  count: () => pending.get(),
  reset: () => pending.set(0),
};

export const usePendingRequestCount = () => useExternalStore(pending);
