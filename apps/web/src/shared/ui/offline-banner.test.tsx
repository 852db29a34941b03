import { act, screen } from '@testing-library/react';
import { i18n } from '@/shared/i18n/i18n';
import { messageKeys } from '@/shared/messages/keys';
import { postKeys } from '@/shared/posts/keys';
import { renderWithProviders } from '@/testing/test-utils';
import { OfflineBanner } from './offline-banner';

// Issue 41: the offline mark, with the age of what is shown, in the user's language and clock notation.

let online = true;
function go(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

describe('OfflineBanner', () => {
  beforeEach(() => {
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await act(() => i18n.changeLanguage('no'));
  });

  it('says nothing online, and offline names the time of the newest saved answer in Norwegian notation', () => {
    const { queryClient } = renderWithProviders(<OfflineBanner />);
    queryClient.setQueryData(messageKeys.inbox('all'), 1, { updatedAt: new Date(2026, 10, 29, 9, 5).getTime() });
    queryClient.setQueryData(messageKeys.conversation(3), 2, { updatedAt: new Date(2026, 10, 29, 14, 32).getTime() });
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    go(false);
    expect(status).toHaveTextContent(/^Frakoblet – viser sist lagrede \(oppdatert kl\. 14\.32\)$/);
    go(true);
    expect(status).toBeEmptyDOMElement();
  });

  it('in English with the English clock, and without a time when nothing was saved', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { queryClient } = renderWithProviders(<OfflineBanner />);
    go(false);
    expect(screen.getByRole('status')).toHaveTextContent(/^Offline – showing what was saved$/);
    go(true);
    queryClient.setQueryData(postKeys.feed('en'), 1, { updatedAt: new Date(2026, 10, 29, 8, 7).getTime() });
    go(false);
    expect(screen.getByRole('status')).toHaveTextContent(/^Offline – showing what was saved \(updated 08:07\)$/);
  });
});
