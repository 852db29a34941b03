import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import { issueMessageWith, NATIONAL_ID_ACCOUNT_MESSAGE, NATIONAL_ID_MESSAGE, nationalIdMessage } from '@legenett/contracts';
import {
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  get,
  type Resolver,
  useForm,
  type UseFormProps,
  type UseFormReturn,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BaseSyntheticEvent } from 'react';
import { type z } from 'zod';
import { useFieldMessage } from './field-message';
import { encodeMessage, isIssueKey } from './issue-message';
import { type OtherFieldError, showServerErrors } from './server-errors';

/**
 * The one resolver for every form: the contract schema validates, and each field's first issue becomes
 * its error with the issue's code as `type` and its catalogue message (`issueMessage` from the contracts, the API's rules) as message.
 * `TValues` is the form's state: the schema's output unless a form holds its input (ids as strings
 * from a multi-select); submit always receives the output.
 */
export function contractResolver<TOutput extends FieldValues, TValues extends FieldValues = TOutput>(
  schema: z.ZodType<TOutput, unknown>,
): Resolver<TValues, unknown, TOutput> {
  return async (values, _context, options) => {
    // `reportInput` lets the messages tell an empty field ("required") from a wrong one.
    const result = await schema.safeParseAsync(values, { reportInput: true });
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      errors[path] ??= { type: issue.code, message: encodeMessage(issueMessageWith(isIssueKey, issue, { input: 'form' })) };
    }
    return { values: {}, errors: toNestErrors(errors, options) as FieldErrors<TValues> };
  };
}

export type ContractForm<TValues extends FieldValues, TOutput extends FieldValues> = UseFormReturn<TValues, unknown, TOutput> & {
  /**
   * A submit handler: validates by the contract, runs `onValid`, and puts a 422's messages beside the
   * fields they name; `other` receives those of fields the form does not hold (e.g. a file input).
   */
  submit: (onValid: (values: TOutput) => Promise<unknown> | void, other?: OtherFieldError) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** Puts a failed call's 422 messages beside their fields, for calls made outside `submit` (e.g. after a confirmation). */
  showServerErrors: (error: unknown, other?: OtherFieldError) => void;
  /**
   * The message of a field's error in the user's language, for the input's `error` prop; on a
   * guarded field also the guard's warning while the text holds an identity number.
   */
  fieldError: (name: FieldPath<TValues>) => string | undefined;
};

/** The top-level fields of an object schema (also those a form has not rendered yet). */
function fieldsOf(schema: z.ZodType): string[] {
  const shape = (schema as { shape?: unknown }).shape;
  return typeof shape === 'object' && shape !== null ? Object.keys(shape) : [];
}

/** A text a guarded field must refuse: the issue's example number in a sentence long enough for any minimum. */
const GUARD_PROBE = 'Pasienten med nummer 15038410099 venter fortsatt på svar.';
const guardedCache = new WeakMap<z.ZodType, string[]>();

/**
 * The top-level fields of a schema that carry the patient-data guard (`withoutNationalId`,
 * `guardedText`, `readable`, `optionalText` of the contracts), found by asking each field's schema
 * about a text with a number: a field is guarded when it answers with the guard's message. So every
 * guarded field of every contract form warns while typing, and a new one does without a change here.
 */
export function guardedFieldsOf(schema: z.ZodType): string[] {
  const cached = guardedCache.get(schema);
  if (cached) return cached;
  const shape = (schema as { shape?: Record<string, z.ZodType> }).shape;
  const guarded =
    typeof shape === 'object' && shape !== null
      ? Object.entries(shape)
          .filter(([, field]) => {
            const result = field.safeParse(GUARD_PROBE);
            return !result.success && result.error.issues.some((i) => i.message === NATIONAL_ID_MESSAGE || i.message === NATIONAL_ID_ACCOUNT_MESSAGE);
          })
          .map(([name]) => name)
      : [];
  guardedCache.set(schema, guarded);
  return guarded;
}

/** `useForm` with the contract resolver, server errors beside the fields and one way to word messages. */
export function useContractForm<TOutput extends FieldValues, TValues extends FieldValues = TOutput>(
  schema: z.ZodType<TOutput, unknown>,
  options: Omit<UseFormProps<NoInfer<TValues>, unknown, NoInfer<TOutput>>, 'resolver'> = {},
): ContractForm<TValues, TOutput> {
  const form = useForm<TValues, unknown, TOutput>({ ...options, resolver: contractResolver<TOutput, TValues>(schema) });
  const message = useFieldMessage();
  const { t } = useTranslation('validation');
  // The patient-data guard while typing, on every guarded field: the API's rule and words.
  const guarded = guardedFieldsOf(schema) as FieldPath<TValues>[];
  const watched = useWatch({ control: form.control, name: guarded }) as unknown[];
  const warnings = new Map<string, string>();
  guarded.forEach((name, i) => {
    const value = watched[i];
    const key = typeof value === 'string' ? nationalIdMessage(value) : null;
    if (key) warnings.set(name, key === NATIONAL_ID_ACCOUNT_MESSAGE ? t('national_id_account') : t('national_id'));
  });
  const show = (error: unknown, other?: OtherFieldError) => showServerErrors(form, error, other, fieldsOf(schema));
  return {
    ...form,
    submit: (onValid, other) =>
      form.handleSubmit(async (values) => {
        try {
          await onValid(values);
        } catch (error) {
          show(error, other);
        }
      }),
    showServerErrors: show,
    fieldError: (name) => message(get(form.formState.errors, name) as FieldError | undefined) ?? warnings.get(name),
  };
}
