import { MultiSelect, type MultiSelectProps, Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

type IdSelectFieldProps<T extends FieldValues, O extends FieldValues> = Omit<SelectProps, 'value' | 'onChange' | 'name'> & {
  control: Control<T, unknown, O>;
  /** A form field holding a row's id (`county_id`, `hospital_id`, ...) or null. */
  name: FieldPath<T>;
  /** After a choice: clear the fields that depend on this one (a county's city). */
  onPicked?: (id: number | null) => void;
};

/**
 * A choice of one reference row (county, hospital, category, ...) bound to a form field holding its
 * id: Mantine's `Select` speaks strings, the contracts numbers. Options from `toOptions(...)` of
 * `@/shared/reference/reference-lists`. **Copy:** `features/jobs/components/job-form.tsx`.
 */
export function IdSelectField<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  onPicked,
  ...select
}: IdSelectFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          {...select}
          value={typeof field.value === 'number' ? String(field.value) : null}
          onChange={(v) => {
            const id = v ? Number(v) : null;
            field.onChange(id);
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
};

/** Several reference rows (specialities) bound to a form field holding their ids. */
export function IdsMultiSelectField<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  ...select
}: IdsMultiSelectFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <MultiSelect
          {...select}
          value={Array.isArray(field.value) ? field.value.map(String) : []}
          onChange={(v) => field.onChange(v.map(Number))}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
        />
      )}
    />
  );
}
