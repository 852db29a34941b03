import { QueryClient } from '@tanstack/react-query';
import { NetworkError } from './api-error';

/** Answers with a status are final (the API said no); only lost connections are worth one more try. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: (failureCount, error) => error instanceof NetworkError && failureCount < 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
