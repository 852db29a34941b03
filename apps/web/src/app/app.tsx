import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router-dom';
import { StartupLoader } from './layout/startup-loader';
import { AppProvider } from './provider';
import type { AppRouter } from './router';

export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <AppProvider queryClient={queryClient}>
      {/* Until the shell's catalogue sections are there (the first page waits for them too). */}
      <Suspense fallback={<StartupLoader />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProvider>
  );
}
