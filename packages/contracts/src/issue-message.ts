import { type MessageKey, translate } from './i18n';

/**
 * The parts of a zod issue the message rules read. Zod's own issues fit it (parsed with
 * `reportInput: true`, so an empty field can be told from a wrong one).
 */
export interface IssueLike {
  code: string;
  message: string;
  input?: unknown;
  expected?: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  /** For too_small / too_big: whether the bound itself is allowed (`positive()` is min 0, exclusive). */
  inclusive?: boolean;
  /** For invalid_union: each branch's issues. */
  errors?: readonly (readonly IssueLike[])[];
}

/** A catalogue message and its placeholders, e.g. `validation.too_short` with `{ minimum: 3 }`. */
export interface CatalogueMessage {
  key: MessageKey;
  vars?: Record<string, number>;
}

export interface IssueMessageOptions {
  /**
   * Where the input came from. `request` (the API's 422): only a missing value is "required".
   * `form` (the web's form kit): a cleared select gives null and an empty number field NaN, so those
   * are "required" too, and a union (`z.email().or(z.literal(''))`) is described by its first branch.
   */
  input?: 'request' | 'form';
}

const SIZED_LISTS = new Set(['array', 'set', 'file']);

/** The sections a schema's own message may name (`.refine(ok, 'validation.date_order')`). */
export const ISSUE_KEY_PATTERN = /^(validation|errors|registration)\.[a-z0-9_.]+$/;

/** Whether a schema's message names a catalogue entry (`.refine(ok, 'validation.date_order')`). */
export const isCatalogueKey = (message: string): message is MessageKey =>
  ISSUE_KEY_PATTERN.test(message) && translate('en', message) !== message;

/** How `issueMessageWith` tells a catalogue key: the API asks the whole catalogue, the web its loaded sections. */
export type IsCatalogueKey = (message: string) => message is MessageKey;

const num = (v: number | bigint | undefined): number => Number(v ?? 0);

// Without `reportInput` an issue carries no input; zod's own message then tells a missing value.
const isMissing = (issue: IssueLike): boolean =>
  ('input' in issue && issue.input === undefined) || /received undefined/.test(issue.message);

/**
 * Which catalogue message describes one zod issue: by its code and, for `invalid_format`, by the
 * field's format (an e-mail, a date, a link), so the same code means the same thing in every form and
 * in the API's 422 answers.
 */
export function issueMessage(issue: IssueLike, options: IssueMessageOptions = {}): CatalogueMessage {
  return issueMessageWith(isCatalogueKey, issue, options);
}

/**
 * `issueMessage` with the catalogue-key test given, so a caller that does not hold the whole
 * catalogue (the web loads it per section) uses the same rules without bundling it.
 */
export function issueMessageWith(isKey: IsCatalogueKey, issue: IssueLike, options: IssueMessageOptions = {}): CatalogueMessage {
  const form = options.input === 'form';
  // A schema may name its own catalogue key: `z.string().refine(ok, 'validation.password_rule')`.
  if (isKey(issue.message)) {
    return { key: issue.message, vars: { minimum: num(issue.minimum), maximum: num(issue.maximum) } };
  }
  switch (issue.code) {
    case 'invalid_type':
      if (isMissing(issue) || (form && (issue.input === undefined || issue.input === null || Number.isNaN(issue.input)))) return { key: 'validation.required' };
      if (issue.expected === 'int') return { key: 'validation.not_integer' };
      if (issue.expected === 'date') return { key: 'validation.invalid_date' };
      return { key: 'validation.invalid_type' };
    case 'too_small': {
      const minimum = num(issue.minimum);
      // min(1) on a string is how zod says "required"; an empty field with a longer minimum is missing too.
      if (issue.origin === 'string')
        return minimum <= 1 || ('input' in issue && issue.input === '')
          ? { key: 'validation.required' }
          : { key: 'validation.too_short', vars: { minimum } };
      if (SIZED_LISTS.has(issue.origin ?? '')) return { key: 'validation.too_few_items', vars: { minimum } };
      if (issue.origin === 'date') return { key: 'validation.invalid_date' };
      // `positive()` is "more than 0": say so rather than "at least 0".
      if (issue.inclusive === false) return { key: 'validation.too_small_exclusive', vars: { minimum } };
      return { key: 'validation.too_small', vars: { minimum } };
    }
    case 'too_big': {
      const maximum = num(issue.maximum);
      if (issue.origin === 'string') return { key: 'validation.too_long', vars: { maximum } };
      if (SIZED_LISTS.has(issue.origin ?? '')) return { key: 'validation.too_many_items', vars: { maximum } };
      if (issue.origin === 'date') return { key: 'validation.invalid_date' };
      return { key: 'validation.too_big', vars: { maximum } };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'validation.invalid_email' };
      if (issue.format === 'url') return { key: 'validation.invalid_url' };
      if (issue.format && /date|time/.test(issue.format)) return { key: 'validation.invalid_date' };
      return { key: 'validation.invalid' };
    case 'invalid_value':
      // A missing choice is a required field, not a wrong one.
      if (('input' in issue && issue.input === undefined) || (form && (issue.input === undefined || issue.input === null))) return { key: 'validation.required' };
      return { key: 'validation.invalid_enum' };
    case 'invalid_union': {
      const first = form ? issue.errors?.[0]?.[0] : undefined;
      return first ? issueMessageWith(isKey, first, options) : { key: 'validation.invalid' };
    }
    case 'unrecognized_keys':
      return { key: 'validation.unknown_field' };
    default:
      return { key: 'validation.invalid' };
  }
}
