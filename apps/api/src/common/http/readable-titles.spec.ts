import {
  AdminCategoryInputSchema,
  CompanyInput,
  CourseInput,
  CreateCustomWorkplaceInput,
  HprRegistrationInput,
  JobInput,
  ManualAuthorInput,
  MediaInputSchema,
  MeetingInput,
  PetitionCreateInput,
  PressReleaseInput,
  ProductInput,
  ProfileInformationInput,
} from '@legenett/contracts';
import { type z } from 'zod';

// Issue 23 item 12: a title that reads backwards (U+202E) or shows nothing (zero-width only) is refused
// in every user-written title and name, with its own message.
const fields: [string, z.ZodType, string[]][] = [
  ['course', CourseInput, ['title']],
  ['petition', PetitionCreateInput, ['title']],
  ['co-author', ManualAuthorInput, ['name']],
  ['press release', PressReleaseInput, ['subject']],
  ['job', JobInput, ['title', 'company_name']],
  ['product', ProductInput, ['title']],
  ['media item', MediaInputSchema, ['title']],
  ['company', CompanyInput, ['name']],
  ['workplace', CreateCustomWorkplaceInput, ['name']],
  ['meeting', MeetingInput, ['topic']],
  ['profile', ProfileInformationInput, ['first_name', 'last_name']],
  ['registration', HprRegistrationInput, ['first_name', 'last_name']],
];

const messagesAt = (schema: z.ZodType, value: Record<string, unknown>, field: string) =>
  (schema.safeParse(value).error?.issues ?? []).filter((i) => i.path.join('.') === field).map((i) => i.message);

describe('user-written titles and names', () => {
  it.each(fields)('%s: refuses a bidirectional override and a text of invisible characters only', (_what, schema, names) => {
    for (const field of names) {
      expect(messagesAt(schema, { [field]: 'Kurs i \u202Efdp.exe' }, field)).toEqual(['validation.bidi_control']);
      expect(messagesAt(schema, { [field]: 'Avtale \u2066isolert\u2069' }, field)).toEqual(['validation.bidi_control']);
      expect(messagesAt(schema, { [field]: '\u200B\u200C\u200D\u2060\uFEFF\u200B' }, field)).toEqual(['validation.invisible_only']);
      expect(messagesAt(schema, { [field]: 'Hjertesvikt i allmennpraksis' }, field)).toEqual([]);
      // Norwegian and right-to-left names stay welcome; a joiner inside a word is not the whole text.
      expect(messagesAt(schema, { [field]: 'Øyvind Ærø-Ås \u0645\u062D\u0645\u062F' }, field)).toEqual([]);
    }
  });

  it('refuses them in both languages of a media category name', () => {
    const res = AdminCategoryInputSchema.safeParse({ type: 'video', name: { no: '\u200B\u200B\u200B', en: 'Hjerte\u202E' } });
    expect(res.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name.no', 'validation.invisible_only'],
      ['name.en', 'validation.bidi_control'],
    ]);
  });
});
