import { render, screen } from '@testing-library/react';
import { lazy, type ReactElement } from 'react';
import { importWhenOnline } from '@/shared/lib/import-when-online';
import { ShellPart } from './shell-part';

const chunkLost = () => new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/x.js');

describe('ShellPart and importWhenOnline (a chunk of the shell lost with the connection)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows nothing for a part whose code cannot be loaded, and the rest of the page stays', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Lost = lazy(() => Promise.reject(chunkLost()));
    render(
      <main>
        <p>Samtalen</p>
        <ShellPart fallback={<span>laster</span>}>
          <Lost />
        </ShellPart>
      </main>,
    );
    expect(screen.getByText('laster')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText('laster')).not.toBeInTheDocument());
    expect(screen.getByText('Samtalen')).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalledWith('A part of the page could not be loaded', expect.any(TypeError));
  });

  it('asks again for a chunk when the browser is back online, and the part shows', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi
      .fn<() => Promise<{ Part: () => ReactElement }>>()
      .mockRejectedValueOnce(chunkLost())
      .mockResolvedValueOnce({ Part: () => <p>Varsler</p> });
    const Part = lazy(() => importWhenOnline(load).then((m) => ({ default: m.Part })));
    render(
      <ShellPart>
        <Part />
      </ShellPart>,
    );
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // Offline: it waits for the connection, not a timer.
    await new Promise((r) => setTimeout(r, 50));
    expect(load).toHaveBeenCalledTimes(1);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Varsler')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('passes on an error that is not a lost chunk at once', async () => {
    const load = vi.fn(() => Promise.reject(new Error('boom')));
    await expect(importWhenOnline(load)).rejects.toThrow('boom');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
