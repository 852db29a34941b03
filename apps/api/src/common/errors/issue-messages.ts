import { type CatalogueMessage, issueMessage, type Locale, translate } from '@legenett/contracts';
import { type InputIssue } from './app-error';

/** Which catalogue message describes one zod issue: the rules shared with the web's forms (contracts). */
export const issueMessageKey = (issue: InputIssue): CatalogueMessage => issueMessage(issue, { input: 'request' });

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
