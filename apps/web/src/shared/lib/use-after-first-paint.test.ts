import { act, renderHook, waitFor } from '@testing-library/react';
import { useAfterFirstPaint } from './use-after-first-paint';

describe('useAfterFirstPaint', () => {
  it('is false for the first render and true after the next frame has been painted', async () => {
    const { result } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('schedules nothing after unmounting', async () => {
    const { unmount, result } = renderHook(() => useAfterFirstPaint());
    act(() => unmount());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(false);
  });
});
