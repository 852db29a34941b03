// Its styles load with the first form that has a date field, not in the start-up stylesheet.
import '@mantine/dates/styles.css';
import { fromOsloWallClock, toOsloWallClock } from '@legenett/contracts';
import { Group, Input } from '@mantine/core';
import { DateInput, TimePicker } from '@mantine/dates';
import { useId, useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDateInputProps } from './date-field';

/** The time a chosen day gets until the user sets one. */
const DEFAULT_TIME = '09:00';

interface DateTimeInputProps {
  label: string;
  /** An ISO instant, or null. */
  value: string | null;
  /** An ISO instant, or null when the date is cleared. */
  onChange: (value: string | null) => void;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  onBlur?: () => void;
}

/**
 * A moment in time (a course's start, a publishing time) as the app's own date picker and a 24-hour
 * time field, in Norwegian time and format — never the browser's `datetime-local`, which shows the
 * device's "mm/dd/yyyy, --:-- --". The value is an ISO instant. **Copy:** `features/courses/components/course-form.tsx`.
 */
export function DateTimeInput({
  label,
  value,
  onChange,
  required,
  disabled,
  error,
  onBlur,
}: DateTimeInputProps) {
  const { t } = useTranslation('forms_ui');
  const dateProps = useDateInputProps();
  const id = useId();
  const wall = toOsloWallClock(value);
  // A time typed before the day is chosen waits here until there is a day to put it on.
  const [draftTime, setDraftTime] = useState('');
  const time = wall?.time ?? draftTime;
  const emit = (date: string | null, at: string) =>
    onChange(date ? fromOsloWallClock(date, at || DEFAULT_TIME) : null);
  return (
    <Input.Wrapper
      label={label}
      required={required}
      error={error}
      description={t('date_time.oslo_time')}
      labelElement="div"
      id={id}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap" mt={4}>
        <DateInput
          aria-label={`${label}: ${t('date_time.date')}`}
          aria-describedby={error ? `${id}-description ${id}-error` : `${id}-description`}
          required={required}
          disabled={disabled}
          error={Boolean(error)}
          clearable={!required}
          {...dateProps}
          value={wall?.date ?? null}
          onChange={(date) => emit(date, time)}
          onBlur={onBlur}
          style={{ flex: 1 }}
        />
        <TimePicker
          aria-label={`${label}: ${t('date_time.time')}`}
          hoursInputLabel={`${label}: ${t('date_time.hours')}`}
          minutesInputLabel={`${label}: ${t('date_time.minutes')}`}
          format="24h"
          disabled={disabled}
          error={Boolean(error)}
          value={time}
          onChange={(at) => {
            setDraftTime(at);
            if (wall && at) emit(wall.date, at);
          }}
          onBlur={onBlur}
          w={110}
        />
      </Group>
    </Input.Wrapper>
  );
}

interface DateTimeFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  /** What an empty field sends: `undefined` (leave out; "required" when it must be given) or `null` (clear). */
  empty?: null | undefined;
}

/** `DateTimeInput` bound to a form field holding an ISO instant (react-hook-form). */
export function DateTimeField<T extends FieldValues>({
  control,
  name,
  empty,
  ...rest
}: DateTimeFieldProps<T>) {
  const { field } = useController({ control, name });
  return (
    <DateTimeInput
      {...rest}
      value={typeof field.value === 'string' && field.value ? field.value : null}
      onChange={(v) => field.onChange(v ?? empty)}
      onBlur={field.onBlur}
    />
  );
}
