import { useSearchParams } from 'react-router-dom';

/**
 * List filters kept in the URL query (shareable links): the current parameters and `update`, which
 * sets or (for null / '') removes some of them in place of the history entry, and goes back to the
 * first page unless `page` itself is among the changes.
 */
export function useQueryParams(): [URLSearchParams, (changes: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) => {
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
    );
  };
  return [params, update];
}
