import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/test-utils';
import { notify, TOAST_AUTO_CLOSE_MS } from './notify';

describe('toasts', () => {
  it('close by themselves after 3 seconds', () => {
    vi.useFakeTimers();
    renderWithProviders(null);

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
