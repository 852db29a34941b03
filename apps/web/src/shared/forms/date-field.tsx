// Its styles load with the first form that has a date field, not in the start-up stylesheet.
import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import 'dayjs/locale/nb';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/use-locale';

/** What a user may type: 7.1.2027, 07.01.2027, 2027-01-07. Answers `YYYY-MM-DD` or null. */
export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const nordic = /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})$/.exec(value);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : nordic ? [nordic[3], nordic[2], nordic[1]] : [];
  if (!y || !m || !d) return null;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) return null;
  return date.toISOString().slice(0, 10);
}

interface DateFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  /** What an empty field sends: `undefined` (leave out; "required" when it must be given) or `null` (clear). */
  empty?: null | undefined;
  /** The last day the calendar offers (`YYYY-MM-DD`), e.g. today for something that has happened. */
  maxDate?: string;
}

/**
 * The app's date field (not the browser's "mm/dd/yyyy"): a calendar in the user's language and
 * Norwegian date format ("7. jan. 2027"), typing `7.1.2027` works too. The form value is the
 * contract's `YYYY-MM-DD` string. **Copy:** `features/jobs/components/job-form.tsx`.
 */
/** The props that make Mantine's `DateInput` the app's: language, Norwegian format, typed dates. */
export function useDateInputProps() {
  const locale = useLocale();
  const { t } = useTranslation();
  return {
    // Mantine's clear button has no name of its own (axe: button-name, critical).
    clearButtonProps: { 'aria-label': t('date_clear') },
    locale: locale === 'no' ? 'nb' : 'en',
    valueFormat: locale === 'no' ? 'D. MMM YYYY' : 'D MMM YYYY',
    dateParser: parseTypedDate,
    placeholder: locale === 'no' ? 'dd.mm.åååå' : 'dd.mm.yyyy',
  };
}

export function DateField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  error,
  empty,
  maxDate,
}: DateFieldProps<T>) {
  const dateProps = useDateInputProps();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateInput
          label={label}
          required={required}
          disabled={disabled}
          error={error}
          clearable={!required}
          {...dateProps}
          maxDate={maxDate}
          value={typeof field.value === 'string' && field.value ? field.value : null}
          onChange={(v) => field.onChange(v ?? empty)}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
        />
      )}
    />
  );
}
