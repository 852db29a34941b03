import type { LocalisedText } from '@legenett/db';

/** A localised name as stored in the reference tables: Norwegian first, English as fallback. */
export interface Names extends LocalisedText {
  no: string;
  en: string;
}

export interface CodedName {
  code: string;
  name: Names;
}

/** Shorthand for a name that reads the same in both languages (proper names). */
export const same = (name: string): Names => ({ no: name, en: name });
export const names = (no: string, en: string): Names => ({ no, en });
