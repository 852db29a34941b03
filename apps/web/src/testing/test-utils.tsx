import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { markRefetches } from '@/shared/api/query-client';

/** No retries and no garbage collection; a refetch's 404 is treated as the app's client does (`markRefetches`). */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity, persister: markRefetches }, mutations: { retry: false } },
  });
}

/** `ui` inside the app's providers (i18n, Mantine with toasts, a fresh query client), without routes. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = createTestQueryClient();
  const view = render(<AppProvider queryClient={queryClient}>{ui}</AppProvider>);
  return { ...view, queryClient };
}

/** The whole app (providers, layout, route table) at `url`, with an in-memory history. */
export function renderApp(url = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = createTestQueryClient();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

export { jsonResponse } from './api-mocks';

/**
 * userEvent without its per-keystroke timer: typing "Fastlege" took eight macrotask round trips,
 * which on a loaded machine made form tests take seconds.
 */
export function setupUser() {
  return userEvent.setup({ delay: null });
}
