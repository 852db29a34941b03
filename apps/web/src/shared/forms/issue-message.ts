import { type MessageKey, translate } from '@legenett/contracts';
import { type z } from 'zod';

/** A catalogue message and its placeholders, e.g. `validation.too_short` with `{ minimum: 3 }`. */
export interface CatalogueMessage {
  key: MessageKey;
  vars?: Record<string, number>;
}

const SIZED_LISTS = new Set(['array', 'set', 'file']);

export const isCatalogueKey = (message: string): message is MessageKey =>
  /^(validation|errors|registration)\.[a-z0-9_.]+$/.test(message) && translate('en', message) !== message;

const num = (v: number | bigint | undefined): number => Number(v ?? 0);

/**
 * Which catalogue message describes one zod issue: by its code and, for `invalid_format`, by the
 * field's format (an e-mail, a date, a link), so the same code means the same thing in every form.
 * The rules are those the API uses for its 422 messages (apps/api/src/common/errors/issue-messages.ts).
 */
export function issueMessage(issue: z.core.$ZodIssue): CatalogueMessage {
  // A schema may name its own catalogue key: `z.string().refine(ok, 'validation.password_rule')`.
  if (isCatalogueKey(issue.message)) {
    const bounds = issue as { minimum?: number | bigint; maximum?: number | bigint };
    return { key: issue.message, vars: { minimum: num(bounds.minimum), maximum: num(bounds.maximum) } };
  }
  switch (issue.code) {
    case 'invalid_type': {
      // An empty number input gives NaN: that field was left empty too.
      if (issue.input === undefined || issue.input === null || Number.isNaN(issue.input)) return { key: 'validation.required' };
      if (issue.expected === 'int') return { key: 'validation.not_integer' };
      if (issue.expected === 'date') return { key: 'validation.invalid_date' };
      return { key: 'validation.invalid_type' };
    }
    case 'too_small': {
      const minimum = num(issue.minimum);
      // min(1) on a string is how zod says "required".
      if (issue.origin === 'string') return minimum <= 1 ? { key: 'validation.required' } : { key: 'validation.too_short', vars: { minimum } };
      if (SIZED_LISTS.has(issue.origin)) return { key: 'validation.too_few_items', vars: { minimum } };
      if (issue.origin === 'date') return { key: 'validation.invalid_date' };
      // `positive()` is "more than 0": say so rather than "at least 0".
      if (issue.inclusive === false) return { key: 'validation.too_small_exclusive', vars: { minimum } };
      return { key: 'validation.too_small', vars: { minimum } };
    }
    case 'too_big': {
      const maximum = num(issue.maximum);
      if (issue.origin === 'string') return { key: 'validation.too_long', vars: { maximum } };
      if (SIZED_LISTS.has(issue.origin)) return { key: 'validation.too_many_items', vars: { maximum } };
      if (issue.origin === 'date') return { key: 'validation.invalid_date' };
      return { key: 'validation.too_big', vars: { maximum } };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'validation.invalid_email' };
      if (issue.format === 'url') return { key: 'validation.invalid_url' };
      if (/date|time/.test(issue.format)) return { key: 'validation.invalid_date' };
      return { key: 'validation.invalid' };
    case 'invalid_value':
      // A missing choice is a required field, not a wrong one.
      if (issue.input === undefined || issue.input === null) return { key: 'validation.required' };
      return { key: 'validation.invalid_enum' };
    case 'invalid_union':
      return issue.errors[0]?.[0] ? issueMessage(issue.errors[0][0]) : { key: 'validation.invalid' };
    case 'unrecognized_keys':
      return { key: 'validation.unknown_field' };
    default:
      return { key: 'validation.invalid' };
  }
}

// A resolver's message must be a string; it keeps the catalogue reference (not its text) so a
// language switch re-translates the messages on screen.
const SEPARATOR = '|';

export function encodeMessage({ key, vars }: CatalogueMessage): string {
  return vars ? `${key}${SEPARATOR}${new URLSearchParams(Object.entries(vars).map(([k, v]) => [k, String(v)])).toString()}` : key;
}

export function decodeMessage(message: string): CatalogueMessage | null {
  const [key = '', query] = message.split(SEPARATOR, 2);
  if (!isCatalogueKey(key)) return null;
  if (query === undefined) return { key };
  return { key, vars: Object.fromEntries([...new URLSearchParams(query)].map(([k, v]) => [k, Number(v)])) };
}
