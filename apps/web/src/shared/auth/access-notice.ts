import { createExternalStore, useExternalStore } from '@/shared/lib/external-store';

/** The modals the route guard opens after sending someone home (spec point 2). */
export type AccessNotice = 'registration_required' | 'on_review' | 'company_page' | null;

const store = createExternalStore<AccessNotice>(null);

export const accessNotice = {
  get: store.get,
  open: (notice: Exclude<AccessNotice, null>) => store.set(notice),
  close: () => store.set(null),
};

export function useAccessNotice(): AccessNotice {
  return useExternalStore(store);
}
