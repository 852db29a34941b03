import { type Locale, type MessageKey, translate } from '@legenett/contracts';
import { type InputIssue } from './app-error';

type Keyed = { key: MessageKey; vars?: Record<string, string | number> };

const SIZED_STRINGS = new Set(['string']);
const SIZED_LISTS = new Set(['array', 'set', 'file']);

const isCatalogueKey = (message: string): message is MessageKey =>
  /^(validation|errors)\.[a-z0-9_.]+$/.test(message) && translate('en', message) !== message;

const num = (v: number | bigint | undefined): number => Number(v ?? 0);

/** Which catalogue message describes one zod issue. */
export function issueMessageKey(issue: InputIssue): Keyed {
  // A schema may name its own catalogue key: `z.string().refine(ok, 'validation.password_rule')`.
  if (isCatalogueKey(issue.message)) {
    return { key: issue.message, vars: { minimum: num(issue.minimum), maximum: num(issue.maximum) } };
  }
  switch (issue.code) {
    case 'invalid_type': {
      const missing = ('input' in issue && issue.input === undefined) || /received undefined/.test(issue.message);
      if (missing) return { key: 'validation.required' };
      if (issue.expected === 'int') return { key: 'validation.not_integer' };
      if (issue.expected === 'date') return { key: 'validation.invalid_date' };
      return { key: 'validation.invalid_type' };
    }
    case 'too_small': {
      const vars = { minimum: num(issue.minimum) };
      if (SIZED_STRINGS.has(issue.origin ?? '')) {
        // min(1) on a string is how zod says "required".
        return vars.minimum <= 1 ? { key: 'validation.required' } : { key: 'validation.too_short', vars };
      }
      if (SIZED_LISTS.has(issue.origin ?? '')) return { key: 'validation.too_few_items', vars };
      if (issue.origin === 'date') return { key: 'validation.invalid_date' };
      // `positive()` is "more than 0": say so rather than "at least 0".
      if (issue.inclusive === false) return { key: 'validation.too_small_exclusive', vars };
      return { key: 'validation.too_small', vars };
    }
    case 'too_big': {
      const vars = { maximum: num(issue.maximum) };
      if (SIZED_STRINGS.has(issue.origin ?? '')) return { key: 'validation.too_long', vars };
      if (SIZED_LISTS.has(issue.origin ?? '')) return { key: 'validation.too_many_items', vars };
      if (issue.origin === 'date') return { key: 'validation.invalid_date' };
      return { key: 'validation.too_big', vars };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'validation.invalid_email' };
      if (issue.format === 'url') return { key: 'validation.invalid_url' };
      if (issue.format && /date|time/.test(issue.format)) return { key: 'validation.invalid_date' };
      return { key: 'validation.invalid' };
    case 'invalid_value':
      // A missing choice is a required field, not a wrong one.
      if ('input' in issue && issue.input === undefined) return { key: 'validation.required' };
      return { key: 'validation.invalid_enum' };
    case 'unrecognized_keys':
      return { key: 'validation.unknown_field' };
    default:
      return { key: 'validation.invalid' };
  }
}

/**
 * The 422 `errors` object: field path -> messages in the request's language. Unknown keys are
 * reported on each key; issues at the root of the input go under `source` ('body', 'query').
 */
export function issuesToFieldErrors(
  issues: readonly InputIssue[],
  locale: Locale,
  source = 'body',
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    const list = (out[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const issue of issues) {
    const base = issue.path.map((p) => String(p)).join('.');
    const { key, vars } = issueMessageKey(issue);
    const message = translate(locale, key, vars);
    if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
      for (const k of issue.keys) add(base ? `${base}.${k}` : k, message);
    } else {
      add(base || source, message);
    }
  }
  return out;
}
