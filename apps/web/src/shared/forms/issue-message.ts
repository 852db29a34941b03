import { type CatalogueMessage, isCatalogueKey } from '@legenett/contracts';

// The rules that pick a catalogue message for a zod issue are shared with the API's 422 answers:
// `issueMessage(issue, { input: 'form' })` from the contracts package.

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
