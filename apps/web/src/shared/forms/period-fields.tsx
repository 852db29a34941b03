import { Checkbox, Group, SimpleGrid } from '@mantine/core';
import { type ReactNode } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { DateField } from './date-field';

interface PeriodFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** The required first day (`started_at`). */
  from: { name: FieldPath<T>; label: string; error?: string };
  /** The optional last day, empty and disabled while the period goes on. */
  to: { name: FieldPath<T>; label: string; error?: string };
  /** "I still work / study here": ticking it clears the last day. */
  ongoing: { name: FieldPath<T>; label: string };
  /** More check boxes on the same line (a doctorate, resigned). */
  extra?: ReactNode;
}

/**
 * A period of a CV (a job, an education): from, to, and "still going on". **Copy:**
 * `features/profile/components/education-form.tsx`.
 */
export function PeriodFields<T extends FieldValues>({
  control,
  from,
  to,
  ongoing,
  extra,
}: PeriodFieldsProps<T>) {
  const end = useController({ control, name: to.name });
  const current = useController({ control, name: ongoing.name });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField control={control} name={from.name} label={from.label} required error={from.error} />
        <DateField
          control={control}
          name={to.name}
          label={to.label}
          disabled={Boolean(current.field.value)}
          empty={null}
          error={to.error}
        />
      </SimpleGrid>
      <Group>
        <Checkbox
          label={ongoing.label}
          checked={Boolean(current.field.value)}
          onChange={(ev) => {
            current.field.onChange(ev.currentTarget.checked);
            if (ev.currentTarget.checked) end.field.onChange(null);
          }}
          onBlur={current.field.onBlur}
          name={current.field.name}
          ref={current.field.ref}
        />
        {extra}
      </Group>
    </>
  );
}
