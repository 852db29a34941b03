import { act, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { changeLocale } from '@/shared/i18n/i18n';
import { usePageParam, useQueryParams } from '@/shared/lib/use-query-params';
import { renderWithProviders, setupUser } from '@/testing/test-utils';
import { PagedList, type PagedQuery } from './paged-list';

interface Item {
  id: number;
  name: string;
}

const pageOf = (page: number, last: number, items: Item[]): PagedQuery<Item> => ({
  isPending: false,
  isError: false,
  data: { data: items, meta: { current_page: page, last_page: last, per_page: 2, total: last * 2 } },
});
const LOADING: PagedQuery<Item> = { isPending: true, isError: false };
const FAILED: PagedQuery<Item> = { isPending: false, isError: true };

/** A screen with a filter and a page in the URL, answering from `answer(page)`. */
function Screen({ answer }: { answer: (page: number) => PagedQuery<Item> }) {
  const [params] = useQueryParams();
  const [page, setPage] = usePageParam();
  return (
    <>
      <output aria-label="url">{params.toString()}</output>
      <PagedList
        query={answer(page)}
        label="Ting"
        empty="Ingen ting."
        renderItem={(item) => item.name}
        itemKey={(item) => item.id}
        page={page}
        onPageChange={setPage}
      />
    </>
  );
}

function renderScreen(answer: (page: number) => PagedQuery<Item>, url = '/ting?search=x') {
  const router = createMemoryRouter([{ path: '/ting', element: <Screen answer={answer} /> }], {
    initialEntries: [url],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('PagedList', () => {
  it('says it is loading, then nothing else', () => {
    renderScreen(() => LOADING);
    expect(screen.getByText('Laster …')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows the empty message without a list or pages', () => {
    renderScreen(() => pageOf(1, 1, []));
    expect(screen.getByText('Ingen ting.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows a general message when the list cannot load', () => {
    renderScreen(() => FAILED);
    expect(screen.getByText('Kunne ikke hente listen. Prøv igjen senere.')).toBeInTheDocument();
  });

  it('lists one page, with no pagination when there is one page', () => {
    renderScreen(() => pageOf(1, 1, [{ id: 1, name: 'Stetoskop' }]));
    const list = screen.getByRole('list', { name: 'Ting' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Stetoskop']);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('pages through the URL, keeping the filters, with named buttons in both languages', async () => {
    const user = setupUser();
    renderScreen((page) => pageOf(page, 3, [{ id: page, name: `Ting ${page}` }]));
    const pages = screen.getByRole('navigation', { name: 'Sider' });
    expect(within(pages).getByRole('button', { name: 'Side 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: 'Forrige side' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Side 2' }));
    expect(screen.getByRole('list', { name: 'Ting' })).toHaveTextContent('Ting 2');
    expect(screen.getByRole('status', { name: 'url' })).toHaveTextContent('search=x&page=2');
    expect(within(pages).getByRole('button', { name: 'Side 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pages).getByRole('button', { name: 'Neste side' }));
    expect(screen.getByRole('status', { name: 'url' })).toHaveTextContent('search=x&page=3');
    expect(within(pages).getByRole('button', { name: 'Neste side' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Side 1' }));
    expect(screen.getByRole('status', { name: 'url' })).toHaveTextContent(/^search=x$/);

    await act(() => changeLocale('en'));
    const english = screen.getByRole('navigation', { name: 'Pages' });
    for (const name of ['Previous page', 'Page 1', 'Page 2', 'Page 3', 'Next page']) {
      expect(within(english).getByRole('button', { name })).toBeInTheDocument();
    }
  });
});
