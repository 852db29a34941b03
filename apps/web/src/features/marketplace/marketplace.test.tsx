import { type Product } from '@legenett/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { authStore } from '@/shared/auth/auth-store';
import { defaultFetch, jsonResponse } from '@/testing/api-mocks';
import { renderApp } from '@/testing/test-utils';
import { testUser } from '@/testing/users';

configure({ asyncUtilTimeout: 5000 });

const image = (id: number) => ({ id, thumb_url: `/api/files/images/${id}-sm.webp`, url: `/api/files/images/${id}-lg.webp`, width: null, height: null });

const product = (overrides: Partial<Product> = {}): Product => ({
  id: 11,
  title: 'Ultralydapparat',
  description: 'Lite brukt.',
  price: 12500,
  manufacturer: 'Philips',
  category: { id: 3, name: 'Utstyr' },
  status: 1,
  views_count: 4,
  images: [image(1), image(2)],
  seller: { id: 9, slug: 'ola', first_name: 'Ola', last_name: 'Selger' },
  is_mine: false,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const page = (data: Product[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 10, total: data.length } });

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

function mockApi(handlers: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const parsed = new URL(raw, 'http://localhost');
      const call: Call = { method: init?.method ?? 'GET', path: parsed.pathname, query: parsed.searchParams, body: init?.body };
      calls.push(call);
      if (call.path === '/api/user') return Promise.resolve(jsonResponse({ data: me }));
      if (call.path === '/api/categories') return Promise.resolve(jsonResponse({ data: [{ id: 3, name: 'Utstyr', code: 'utstyr' }] }));
      const handler = handlers[`${call.method} ${call.path}`];
      return handler ? Promise.resolve(handler(call)) : defaultFetch(input, init);
    }),
  );
  return calls;
}

const me = testUser({ permissions: ['market-read', 'market-create', 'market-update', 'market-delete'] });
const png = (name = 'photo.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type: 'image/png' });

beforeEach(() => authStore.setSession('test-token', 900, me));

describe('marketplace list', () => {
  it('lists products and keeps status and the four sort options in the URL query', async () => {
    const calls = mockApi({ 'GET /api/products': () => jsonResponse(page([product()])) });
    const { router } = renderApp('/marketplace');
    const list = await screen.findByRole('list', { name: 'Markedsplass' });
    expect(within(list).getByRole('link', { name: 'Ultralydapparat' })).toHaveAttribute('href', '/marketplace/details/11');
    expect(within(list).getByText('På lager')).toBeInTheDocument();
    const first = calls.find((c) => c.path === '/api/products')!;
    expect([first.query.get('status'), first.query.get('sort'), first.query.get('direction')]).toEqual(['1', 'price', 'asc']);

    await userEvent.click(screen.getByRole('combobox', { name: 'Sorter' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pris høy–lav', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?direction=desc'));
    expect(calls.at(-1)!.query.get('direction')).toBe('desc');

    await userEvent.click(screen.getByRole('combobox', { name: 'Sorter' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Nyeste', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=recent'));

    await userEvent.click(screen.getByRole('radio', { name: 'Utsolgt' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('2'));
    await waitFor(() => expect(calls.at(-1)!.query.get('status')).toBe('2'));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Søk' }), 'stetoskop');
    await waitFor(() => expect(calls.at(-1)!.query.get('search')).toBe('stetoskop'));
  });
});

describe('product details', () => {
  it('shows the gallery with accessible controls and marks the product as viewed', async () => {
    const calls = mockApi({
      'GET /api/products/11': () => jsonResponse({ data: product() }),
      'GET /api/products/11/mark-as-viewed': () => jsonResponse({ data: { views_count: 5, counted: true } }),
    });
    renderApp('/marketplace/details/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ultralydapparat' })).toBeInTheDocument();
    const gallery = screen.getByRole('region', { name: 'Bilder' });
    expect(within(gallery).getByRole('img', { name: 'Ultralydapparat – Bilde 1 av 2' })).toBeInTheDocument();
    await userEvent.click(within(gallery).getByRole('button', { name: 'Neste bilde' }));
    expect(within(gallery).getByRole('img', { name: 'Ultralydapparat – Bilde 2 av 2' })).toBeInTheDocument();
    expect(within(gallery).getByRole('button', { name: 'Vis bilde 2' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/products/11/mark-as-viewed')).toBe(true));
    expect(await screen.findByText('Visninger: 5')).toBeInTheDocument();
  });
});

describe('product form', () => {
  it('refuses 6 photos in the browser with the spec message', async () => {
    const calls = mockApi({});
    renderApp('/marketplace/new');
    const input = await screen.findByLabelText('Bilder');
    await userEvent.upload(input, [1, 2, 3, 4, 5, 6].map((i) => png(`p${i}.png`)));
    expect(await screen.findByText('Du kan ikke laste opp mer enn 5 bilder!')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('checks a negative price in the browser and shows server 422 messages beside their fields', async () => {
    const calls = mockApi({
      'POST /api/my/products': () =>
        jsonResponse({ message: 'Valideringen feilet.', errors: { 'images[]': ['Filtypen støttes ikke. Bruk JPEG, PNG eller WebP.'] } }, 422),
    });
    renderApp('/marketplace/new');
    await userEvent.type(await screen.findByRole('textbox', { name: /Tittel/ }), 'Stetoskop');
    const price = screen.getByRole('textbox', { name: /Pris/ });
    await userEvent.clear(price);
    await userEvent.type(price, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Publiser' }));
    expect(await screen.findByText('Må være minst 0.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(price);
    await userEvent.type(price, '250');
    await userEvent.upload(screen.getByLabelText('Bilder'), [png('notes.png')]);
    await userEvent.click(screen.getByRole('button', { name: 'Publiser' }));
    expect(await screen.findAllByText('Filtypen støttes ikke. Bruk JPEG, PNG eller WebP.')).not.toHaveLength(0);
    const post = calls.find((c) => c.method === 'POST')!;
    const body = post.body as FormData;
    expect(body.get('price')).toBe('250');
    expect(body.getAll('images[]')).toHaveLength(1);
  });

  it('lets the owner remove a photo and toggle the stock state', async () => {
    const mine = product({ is_mine: true });
    const calls = mockApi({
      'GET /api/my/products/11': () => jsonResponse({ data: mine }),
      'DELETE /api/my/products/11/image/1': () => jsonResponse({ data: { ...mine, images: [image(2)] } }),
      'POST /api/my/products/11/mark-as-not-available': () => jsonResponse({ data: { ...mine, status: 2 } }),
    });
    renderApp('/my_products/update/11');
    await userEvent.click(await screen.findByRole('button', { name: 'Fjern bilde 1' }));
    expect(await screen.findByText('Bildet er fjernet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'På lager' }));
    expect(await screen.findByText('Produktet er markert som utsolgt.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/my/products/11/image/1',
      'POST /api/my/products/11/mark-as-not-available',
    ]);
  });
});
