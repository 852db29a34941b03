import { Button, Group, Select, type SelectProps, SimpleGrid, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * What the user types in a list's search box, applied `delay` ms after the last key (or at once with
 * `apply`, on Enter). Follows the applied value when the URL changes it (back button, reset).
 */
export function useSearchDraft(
  applied: string | undefined,
  onApply: (search: string | undefined) => void,
  delay = 400,
) {
  const [draft, setDraft] = useState(applied ?? '');
  useEffect(() => setDraft(applied ?? ''), [applied]);
  useEffect(() => {
    if ((applied ?? '') === draft.trim()) return;
    const timer = setTimeout(() => onApply(draft.trim() || undefined), delay);
    return () => clearTimeout(timer);
  }, [draft, applied, onApply, delay]);
  return { draft, setDraft, apply: () => onApply(draft.trim() || undefined) };
}

/**
 * A list's filter form (`role="search"`): the search box first, then the page's own fields, then
 * "reset". Every change goes to the caller, which keeps the filters in the URL. Inside
 * `FilterDrawer` on a phone. **Copy:** `features/jobs/components/job-filters.tsx`.
 */
export function SearchFilterForm({
  label,
  search,
  onSearch,
  searchLabel,
  searchPlaceholder,
  resetLabel,
  onReset,
  children,
}: {
  /** The form's accessible name ("Filter jobs"). */
  label: string;
  search: string | undefined;
  onSearch: (search: string | undefined) => void;
  searchLabel: string;
  searchPlaceholder: string;
  resetLabel: string;
  onReset: () => void;
  children: ReactNode;
}) {
  const { draft, setDraft, apply } = useSearchDraft(search, onSearch);
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={(ev) => {
        ev.preventDefault();
        apply();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mb="md">
        <TextInput
          label={searchLabel}
          placeholder={searchPlaceholder}
          value={draft}
          onChange={(ev) => setDraft(ev.currentTarget.value)}
          type="search"
        />
        {children}
        <Group align="flex-end">
          <Button variant="default" onClick={onReset}>
            {resetLabel}
          </Button>
        </Group>
      </SimpleGrid>
    </form>
  );
}

/** A filter choosing one reference row by id ("any" when empty). */
export function IdFilterSelect({
  value,
  onChange,
  ...select
}: Omit<SelectProps, 'value' | 'onChange'> & {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  return (
    <Select
      {...select}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : undefined)}
      searchable
      clearable
    />
  );
}
