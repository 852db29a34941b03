import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadTimeoutError,
  isChunkLoadError,
  withChunkTimeout,
} from './chunk-timeout';

describe('withChunkTimeout', () => {
  it('rejects a page chunk that has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    const never = () => new Promise<never>(() => undefined);
    const onReject = vi.fn();

    withChunkTimeout(never).catch(onReject);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(onReject).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(onReject).toHaveBeenCalledTimes(1);
    expect(onReject.mock.calls[0]?.[0]).toBeInstanceOf(ChunkLoadTimeoutError);
    expect(isChunkLoadError(onReject.mock.calls[0]?.[0])).toBe(true);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('passes a chunk that arrives in time through', async () => {
    await expect(withChunkTimeout(() => Promise.resolve({ Component: 'x' }))).resolves.toEqual({
      Component: 'x',
    });
  });

  it('passes a failed import through as a chunk error', async () => {
    const failure = withChunkTimeout(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /x.js')),
    );
    await expect(failure).rejects.toThrow(/dynamically imported module/);
    expect(isChunkLoadError(await failure.catch((e: unknown) => e))).toBe(true);
  });
});
