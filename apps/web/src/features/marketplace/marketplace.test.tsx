import { authEndpoints, type Product, productEndpoints, referenceEndpoints } from '@legenett/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { mockEndpoint, validationError } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';

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

/** What every marketplace screen asks for besides its own endpoints. */
function mockMarketplaceApi() {
  mockEndpoint(authEndpoints.me, { data: me });
  mockEndpoint(referenceEndpoints.categories, { data: [{ id: 3, name: 'Utstyr', type: 'product' }] });
}

const me = testUser({ permissions: ['market-read', 'market-create', 'market-update', 'market-delete'] });
const png = (name = 'photo.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type: 'image/png' });

beforeEach(() => {
  logIn(me);
  mockMarketplaceApi();
});

describe('marketplace list', () => {
  it('lists products and keeps status and the four sort options in the URL query', async () => {
    const user = setupUser();
    const calls = mockEndpoint(productEndpoints.list, page([product()]));
    const { router } = renderApp('/marketplace');
    const list = await screen.findByRole('list', { name: 'Markedsplass' });
    expect(within(list).getByRole('link', { name: 'Ultralydapparat' })).toHaveAttribute('href', '/marketplace/details/11');
    expect(within(list).getByText('På lager')).toBeInTheDocument();
    const first = calls[0]!;
    expect([first.query.get('status'), first.query.get('sort'), first.query.get('direction')]).toEqual(['1', 'price', 'asc']);

    await user.click(screen.getByRole('combobox', { name: 'Sorter' }));
    await user.click(await screen.findByRole('option', { name: 'Pris høy–lav', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?direction=desc'));
    await waitFor(() => expect(calls.at(-1)!.query.get('direction')).toBe('desc'));

    await user.click(screen.getByRole('combobox', { name: 'Sorter' }));
    await user.click(await screen.findByRole('option', { name: 'Nyeste', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=recent'));

    await user.click(screen.getByRole('radio', { name: 'Utsolgt' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('2'));
    await waitFor(() => expect(calls.at(-1)!.query.get('status')).toBe('2'));
    await user.click(screen.getByRole('radio', { name: 'Alle' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('all'));
    await waitFor(() => expect(calls.at(-1)!.query.get('status')).toBe('all'));

    await user.type(screen.getByRole('searchbox', { name: 'Søk' }), 'stetoskop');
    await waitFor(() => expect(calls.at(-1)!.query.get('search')).toBe('stetoskop'));
  });
});

describe('product details', () => {
  it('shows the gallery with accessible controls and marks the product as viewed', async () => {
    const user = setupUser();
    mockEndpoint(productEndpoints.show, { data: product() });
    const views = mockEndpoint(productEndpoints.markAsViewed, { data: { views_count: 5, counted: true } });
    renderApp('/marketplace/details/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ultralydapparat' })).toBeInTheDocument();
    const gallery = screen.getByRole('region', { name: 'Bilder' });
    expect(within(gallery).getByRole('img', { name: 'Ultralydapparat – Bilde 1 av 2' })).toBeInTheDocument();
    await user.click(within(gallery).getByRole('button', { name: 'Neste bilde' }));
    expect(within(gallery).getByRole('img', { name: 'Ultralydapparat – Bilde 2 av 2' })).toBeInTheDocument();
    expect(within(gallery).getByRole('button', { name: 'Vis bilde 2' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(views.map((c) => c.params.id)).toEqual(['11']));
    expect(await screen.findByText('Visninger: 5')).toBeInTheDocument();
  });
});

describe('product form', () => {
  it('refuses 6 photos in the browser with the spec message', async () => {
    const user = setupUser();
    const creates = mockEndpoint(productEndpoints.create, { data: product() });
    renderApp('/marketplace/new');
    const input = await screen.findByLabelText('Bilder');
    await user.upload(input, [1, 2, 3, 4, 5, 6].map((i) => png(`p${i}.png`)));
    expect(await screen.findByText('Du kan ikke laste opp mer enn 5 bilder!')).toBeInTheDocument();
    expect(creates).toHaveLength(0);
  });

  it('checks a negative price in the browser and shows server 422 messages beside their fields', async () => {
    const user = setupUser();
    const creates = mockEndpoint(
      productEndpoints.create,
      validationError({ 'images[]': ['Filtypen støttes ikke. Bruk JPEG, PNG eller WebP.'] }, 'Valideringen feilet.'),
    );
    renderApp('/marketplace/new');
    await user.type(await screen.findByRole('textbox', { name: /Tittel/ }), 'Stetoskop');
    const price = screen.getByRole('textbox', { name: /Pris/ });
    await user.clear(price);
    await user.type(price, '-5');
    await user.click(screen.getByRole('button', { name: 'Publiser' }));
    expect(await screen.findByText('Må være minst 0.')).toBeInTheDocument();
    expect(creates).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '250');
    await user.upload(screen.getByLabelText('Bilder'), [png('notes.png')]);
    await user.click(screen.getByRole('button', { name: 'Publiser' }));
    expect(await screen.findAllByText('Filtypen støttes ikke. Bruk JPEG, PNG eller WebP.')).not.toHaveLength(0);
    const body = creates[0]!.body as FormData;
    expect(body.get('price')).toBe('250');
    expect(body.getAll('images[]')).toHaveLength(1);
  });

  it('lets the owner remove a photo and toggle the stock state', async () => {
    const mine = product({ is_mine: true });
    const user = setupUser();
    mockEndpoint(productEndpoints.myShow, { data: mine });
    const imageDeletes = mockEndpoint(productEndpoints.deleteImage, { data: { ...mine, images: [image(2)] } });
    const soldOut = mockEndpoint(productEndpoints.markAsNotAvailable, { data: { ...mine, status: 2 } });
    renderApp('/my_products/update/11');
    await user.click(await screen.findByRole('button', { name: 'Fjern bilde 1' }));
    expect(await screen.findByText('Bildet er fjernet.')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'På lager' }));
    expect(await screen.findByText('Produktet er markert som utsolgt.')).toBeInTheDocument();
    expect(imageDeletes.map((c) => c.params)).toEqual([{ id: '11', imageId: '1' }]);
    expect(soldOut.map((c) => c.params.id)).toEqual(['11']);
  });
});
