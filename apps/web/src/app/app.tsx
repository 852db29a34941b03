import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router-dom';
import { StartupLoader } from './layout/startup-loader';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

const router = createAppRouter();

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      {/* Until the shell's catalogue sections are there (the first page waits for them too). */}
      <Suspense fallback={<StartupLoader />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProvider>
  );
}
