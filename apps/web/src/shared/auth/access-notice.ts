import { createExternalStore, useExternalStore } from '@/shared/lib/external-store';

/**
 * The modals the route guard opens after sending someone home (spec point 2), also opened for an
 * API 403 with a known `reason` (`shared/api/handle-api-error.ts`). An account that is not approved
 * gets no modal: its state page names the page it tried to open (`held-page.ts`).
 */
export type AccessNotice = 'registration_required' | 'company_page' | 'not_health_personnel' | null;

const store = createExternalStore<AccessNotice>(null);

export const accessNotice = {
  get: store.get,
  open: (notice: Exclude<AccessNotice, null>) => store.set(notice),
  close: () => store.set(null),
};

export function useAccessNotice(): AccessNotice {
  return useExternalStore(store);
}
