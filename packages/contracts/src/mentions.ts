import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** `@` mentions in posts and comments (issue 27): the people picker and how a mention is written. */

export const MENTION_SEARCH_MIN_LENGTH = 2;
export const MENTION_PICKER_LIMIT = 8;
export const MentionPeopleQuerySchema = z.object({ search: z.string().trim().min(MENTION_SEARCH_MIN_LENGTH).max(100) });
export const MentionPersonSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  profile_avatar: z.string().nullable(),
});
export type MentionPerson = z.infer<typeof MentionPersonSchema>;

/** Who a post or comment mentions, in the order of the text: what turns `@[id]` into a profile link. */
export const MentionSchema = z.object({ id: z.number().int(), slug: z.string(), first_name: z.string(), last_name: z.string() });
export type Mention = z.infer<typeof MentionSchema>;

/** `@[<user id>]` in a post's text or a comment: a mention (the text keeps the id, never the name). */
export const MENTION_TOKEN = /@\[(\d{1,10})\]/g;
/** Mentions that notify per post text or comment; more are kept as text. */
export const MAX_MENTIONS = 20;

/** The ids a text mentions, in order, each once. */
export function mentionedIds(text: string): number[] {
  const found = new Set<number>();
  for (const m of text.matchAll(MENTION_TOKEN)) {
    const id = Number(m[1]);
    if (Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647) found.add(id);
  }
  return [...found];
}

export const mentionEndpoints = {
  people: defineEndpoint({
    method: 'GET',
    path: '/mentions/people',
    summary: 'The people picker of `@` in posts and comments: approved members whose name starts with the search',
    access: 'member',
    query: MentionPeopleQuerySchema,
    response: z.object({ data: z.array(MentionPersonSchema) }),
  }),
} as const;
