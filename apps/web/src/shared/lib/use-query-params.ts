import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * List filters kept in the URL query (shareable links): the current parameters and `update`, which
 * sets or (for null / '') removes some of them in place of the history entry, and goes back to the
 * first page unless `page` itself is among the changes.
 */
export function useQueryParams(): [URLSearchParams, (changes: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  // Stable while the URL stays, so a debounced filter effect that depends on it is not restarted.
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, v);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, update];
}

/**
 * A list's page in the URL (`?page=`; 1 when absent or not a positive whole number) and a setter that
 * keeps the other parameters (page 1 removes it).
 */
export function usePageParam(): [number, (page: number) => void] {
  const [params, update] = useQueryParams();
  const n = Number(params.get('page'));
  const page = Number.isInteger(n) && n > 0 ? n : 1;
  return [page, (next) => update({ page: next > 1 ? String(next) : null })];
}
