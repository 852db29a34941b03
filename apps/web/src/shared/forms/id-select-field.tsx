import { MultiSelect, type MultiSelectProps, Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * How the form holds ids: as numbers (the contract's output, the usual case), or as text when the
 * form's state is the schema's input and that reads text (`CompanyInput`'s `'1,2'`, a media item's
 * `category_id` of `''` for none). A cleared choice is `null`, or `''` as text.
 */
type Holds = 'number' | 'text';

type IdSelectFieldProps<T extends FieldValues, O extends FieldValues> = Omit<SelectProps, 'value' | 'onChange' | 'name'> & {
  control: Control<T, unknown, O>;
  /** A form field holding a row's id (`county_id`, `hospital_id`, ...) or null. */
  name: FieldPath<T>;
  /** After a choice: clear the fields that depend on this one (a county's city). */
  onPicked?: (id: number | null) => void;
  holds?: Holds;
};

/** The text Mantine's select shows for a held id (`null` when none is chosen). */
const shown = (value: unknown): string | null =>
  typeof value === 'number' || (typeof value === 'string' && value !== '') ? String(value) : null;

/**
 * A choice of one reference row (county, hospital, category, ...) bound to a form field holding its
 * id: Mantine's `Select` speaks strings, the contracts numbers. Options from `toOptions(...)` of
 * `@/shared/reference/reference-lists`. **Copy:** `features/jobs/components/job-form.tsx`.
 */
export function IdSelectField<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  onPicked,
  holds = 'number',
  ...select
}: IdSelectFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          {...select}
          value={shown(field.value)}
          onChange={(v) => {
            const id = v ? Number(v) : null;
            field.onChange(holds === 'text' ? (v ?? '') : id);
            onPicked?.(id);
          }}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
        />
      )}
    />
  );
}

type IdsMultiSelectFieldProps<T extends FieldValues, O extends FieldValues> = Omit<
  MultiSelectProps,
  'value' | 'onChange' | 'name'
> & {
  control: Control<T, unknown, O>;
  /** A form field holding a list of row ids (`specialty_ids`). */
  name: FieldPath<T>;
  holds?: Holds;
};

/** The held list as Mantine's strings (text may also be one comma-separated string). */
const shownList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',').filter((v) => v !== '') : [];

/** Several reference rows (specialities) bound to a form field holding their ids. */
export function IdsMultiSelectField<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  holds = 'number',
  ...select
}: IdsMultiSelectFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <MultiSelect
          {...select}
          value={shownList(field.value)}
          onChange={(v) => field.onChange(holds === 'text' ? v : v.map(Number))}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
        />
      )}
    />
  );
}
