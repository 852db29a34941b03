import { Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

type EnumSelectFieldProps<T extends FieldValues, O extends FieldValues, V extends string | number> = Omit<
  SelectProps,
  'value' | 'onChange' | 'name' | 'data'
> & {
  control: Control<T, unknown, O>;
  /** A form field holding one of `values` (or null when the choice is `clearable`). */
  name: FieldPath<T>;
  /** The contract's values in the order shown (`POSITION_TYPES`, `COURSE_DURATIONS`, `['no', 'en']`). */
  values: readonly V[];
  /** A value's text in the user's language: `(v) => t(\`position.${v}\`)`. */
  optionLabel: (value: V) => string;
};

/**
 * A choice of one of a contract's fixed values (a position type, an access level, a duration in
 * minutes), bound to a form field holding the value itself: Mantine's `Select` speaks strings, so a
 * number comes back as the number. Without `clearable` a choice cannot be taken back (a required
 * value); with it, clearing writes `null`. **Copy:** `features/jobs/components/job-form.tsx`.
 */
export function EnumSelectField<
  T extends FieldValues,
  O extends FieldValues = T,
  V extends string | number = string,
>({
  control,
  name,
  values,
  optionLabel,
  clearable,
  allowDeselect,
  ...select
}: EnumSelectFieldProps<T, O, V>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          {...select}
          data={values.map((v) => ({ value: String(v), label: optionLabel(v) }))}
          value={
            field.value === null || field.value === undefined || field.value === ''
              ? null
              : String(field.value)
          }
          onChange={(v) =>
            field.onChange(v === null ? null : (values.find((value) => String(value) === v) ?? null))
          }
          clearable={clearable}
          allowDeselect={allowDeselect ?? Boolean(clearable)}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
        />
      )}
    />
  );
}
