import { act, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/testing/test-utils';
import { notify, TOAST_AUTO_CLOSE_MS } from './notify';

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asked for before the toast container has loaded (it loads after the first paint), show when it arrives', async () => {
    renderWithProviders(null);
    act(() => notify.danger('Før containeren'));
    expect(await screen.findByText('Før containeren')).toBeInTheDocument();
  });

  it('have a close button with a name, in the user’s language', async () => {
    renderWithProviders(null);
    act(() => notify.success('Lagret'));
    const toast = (await screen.findByText('Lagret')).closest('[role="alert"]') as HTMLElement;
    expect(within(toast).getByRole('button', { name: 'Lukk meldingen' })).toBeInTheDocument();
  });

  it('close by themselves after 3 seconds', async () => {
    renderWithProviders(null);
    // Wait until the container is there, then take over the clock.
    act(() => notify.success('Klar'));
    await screen.findByText('Klar');
    vi.useFakeTimers();

    act(() => notify.danger('Noe feilet'));
    expect(screen.getByText('Noe feilet')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 100));
    expect(screen.getByText('Noe feilet')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(100));
    // Then the 250 ms exit transition runs and the toast leaves the document.
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('Noe feilet')).not.toBeInTheDocument();
    expect(TOAST_AUTO_CLOSE_MS).toBe(3000);
  });
});
