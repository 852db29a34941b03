import { useSearchParams } from 'react-router-dom';

/**
 * A list's filters and page in the URL (replacing the history entry): `update(key, value)` sets or
 * clears one; changing a filter goes back to page 1. The admin lists (outbox, reports) share it.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { params, page, update };
}
