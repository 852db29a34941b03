import { defineEndpoint } from '@legenett/contracts';
import { infiniteQueryOptions, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { z } from 'zod';
import { apiError, mockEndpoint } from '@/testing/api-mocks';
import { notify } from '@/shared/ui/notify';
import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';
import { apiCall } from './api-client';
import { createQueryClient, markRefetches } from './query-client';

const showThing = defineEndpoint({
  method: 'GET',
  path: '/things/:id',
  summary: 'test endpoint',
  access: 'user',
  params: z.object({ id: z.coerce.number() }),
  response: z.object({ data: z.object({ id: z.number(), title: z.string() }) }),
});

const GONE = 'Fant ikke det du lette etter.';

/** Toasts come after their container loads: one shown now appears after any asked for before it. */
async function noToastOf(text: string) {
  act(() => notify.success('Ferdig'));
  expect(await screen.findByText('Ferdig')).toBeInTheDocument();
  expect(screen.queryByText(text)).not.toBeInTheDocument();
}

const thingKeys = {
  all: ['thing'] as const,
  one: (id: number) => [...thingKeys.all, id] as const,
  pages: () => [...thingKeys.all, 'pages'] as const,
};

const thingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: thingKeys.one(id),
    queryFn: async ({ signal }) => (await apiCall(showThing, { params: { id }, signal })).data,
  });

function Thing({ id }: { id: number }) {
  const thing = useQuery(thingQueryOptions(id));
  const queryClient = useQueryClient();
  return (
    <div>
      <p>{thing.data ? thing.data.title : thing.isError ? 'feil' : 'laster'}</p>
      {thing.isError ? <p>status: feil</p> : null}
      <button type="button" onClick={() => void queryClient.invalidateQueries({ queryKey: thingKeys.all })}>
        oppdater
      </button>
    </div>
  );
}

describe('a refetch that finds its thing gone', () => {
  it('shows no error toast: whatever removed it (a decline, a delete, a mode switch) succeeded', async () => {
    mockEndpoint(showThing, { data: { id: 1, title: 'Samtalen' } });
    renderWithProviders(<Thing id={1} />);
    expect(await screen.findByText('Samtalen')).toBeInTheDocument();

    // Any mutation that removes or closes the thing invalidates its query; the refetch answers 404.
    mockEndpoint(showThing, apiError(404, GONE));
    act(() => screen.getByRole('button', { name: 'oppdater' }).click());
    expect(await screen.findByText('status: feil')).toBeInTheDocument();
    await noToastOf(GONE);
    // The last answer stays until the screen moves on.
    expect(screen.getByText('Samtalen')).toBeInTheDocument();
  });

  it('still shows a first load that finds nothing, and other failures of a refetch', async () => {
    mockEndpoint(showThing, apiError(404, GONE));
    renderWithProviders(<Thing id={2} />);
    expect(await screen.findByText(GONE)).toBeInTheDocument();
  });

  it('still shows a refetch refused for another reason (403, 500)', async () => {
    mockEndpoint(showThing, { data: { id: 3, title: 'Kurset' } });
    renderWithProviders(<Thing id={3} />);
    expect(await screen.findByText('Kurset')).toBeInTheDocument();
    mockEndpoint(showThing, apiError(500, 'Serverfeil'));
    act(() => screen.getByRole('button', { name: 'oppdater' }).click());
    expect(await screen.findByText('Serverfeil')).toBeInTheDocument();
  });

  it('holds for every query of the app and of the tests (a new query client cannot leave it out)', async () => {
    for (const client of [createQueryClient(), createTestQueryClient()]) {
      expect(client.getDefaultOptions().queries?.persister).toBe(markRefetches);
    }
    // ... and for keyset lists, whose pages are fetched through the same hook.
    const client = createTestQueryClient();
    mockEndpoint(showThing, { data: { id: 4, title: 'Side' } });
    const options = infiniteQueryOptions({
      queryKey: thingKeys.pages(),
      queryFn: async ({ signal }) => (await apiCall(showThing, { params: { id: 4 }, signal })).data,
      initialPageParam: 0,
      getNextPageParam: () => undefined,
    });
    await client.fetchInfiniteQuery(options);
    mockEndpoint(showThing, apiError(404, GONE));
    renderWithProviders(<p>tom</p>);
    await expect(client.fetchInfiniteQuery({ ...options, staleTime: 0 })).rejects.toThrow(GONE);
    await noToastOf(GONE);
  });
});
