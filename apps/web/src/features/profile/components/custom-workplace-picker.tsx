import { Combobox, InputBase, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateCustomWorkplace, useCustomWorkplaces } from '../api/professional';

interface Props {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  /** Name to show for the current value before the list has loaded it. */
  initialName?: string | null;
  error?: string;
}

/** Search the users' own workplaces, or add a new one by name (deduplicated by the API). */
export function CustomWorkplacePicker({ label, value, onChange, initialName, error }: Props) {
  const { t } = useTranslation('profile');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState(initialName ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const list = useCustomWorkplaces(debounced);
  const create = useCreateCustomWorkplace();
  const items = list.data ?? [];
  const exact = items.some((w) => w.name.toLowerCase() === search.trim().toLowerCase());

  const choose = async (option: string) => {
    if (option === '$create') {
      const created = await create.mutateAsync(search.trim().replace(/\s+/g, ' '));
      onChange(created.id);
      setSearch(created.name);
    } else {
      const item = items.find((w) => String(w.id) === option);
      onChange(item ? item.id : null);
      setSearch(item?.name ?? '');
    }
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={(o) => void choose(o)}>
      <Combobox.Target>
        <InputBase
          label={label}
          description={t('experience.custom_workplace_hint')}
          value={search}
          error={error}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            if (value !== null) onChange(null);
            combobox.openDropdown();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
          {items.map((w) => (
            <Combobox.Option value={String(w.id)} key={w.id} active={w.id === value}>
              {w.name}
            </Combobox.Option>
          ))}
          {!exact && search.trim().length >= 2 && (
            <Combobox.Option value="$create">
              {t('experience.add_custom_workplace', { name: search.trim() })}
            </Combobox.Option>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
