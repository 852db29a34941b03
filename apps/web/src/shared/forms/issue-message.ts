import { type CatalogueMessage, ISSUE_KEY_PATTERN, type MessageKey } from '@legenett/contracts';
import { isLoadedKey } from '@/shared/i18n/i18n';

// The rules that pick a catalogue message for a zod issue are shared with the API's 422 answers:
// `issueMessage(issue, { input: 'form' })` from the contracts package.

// A resolver's message must be a string; it keeps the catalogue reference (not its text) so a
// language switch re-translates the messages on screen.
const SEPARATOR = '|';

/**
 * The contracts' `isCatalogueKey` against the sections loaded here (the web does not bundle the whole
 * catalogue): `validation` and `errors` are the shell's, always loaded.
 */
export const isIssueKey = (message: string): message is MessageKey =>
  ISSUE_KEY_PATTERN.test(message) && isLoadedKey(message);

export function encodeMessage({ key, vars }: CatalogueMessage): string {
  return vars
    ? `${key}${SEPARATOR}${new URLSearchParams(Object.entries(vars).map(([k, v]) => [k, String(v)])).toString()}`
    : key;
}

export function decodeMessage(message: string): CatalogueMessage | null {
  const [key = '', query] = message.split(SEPARATOR, 2);
  if (!isIssueKey(key)) return null;
  if (query === undefined) return { key };
  return { key, vars: Object.fromEntries([...new URLSearchParams(query)].map(([k, v]) => [k, Number(v)])) };
}
