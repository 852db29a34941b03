import { createExternalStore, useExternalStore } from '@/shared/lib/external-store';

interface MaintenanceState {
  open: boolean;
  /** The server's message, already in the user's language (X-localization). */
  message: string | null;
}

const store = createExternalStore<MaintenanceState>({ open: false, message: null });

export const maintenance = {
  open: (message: string | null = null) => store.set({ open: true, message }),
  /** Keeps the message: the dialog still shows it while it closes. */
  close: () => store.set({ ...store.get(), open: false }),
  get: () => store.get(),
};

export const useMaintenance = () => useExternalStore(store);
