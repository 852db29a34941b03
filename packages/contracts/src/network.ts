import { z } from 'zod';
import { dataOf, listOf, pageOf, PageQuerySchema, SlugParamSchema } from './common';
import { defineEndpoint } from './endpoint';
import { VerifiedAsSchema } from './user';

/** A person in lists (followers, search results). */
export const UserCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  profile_avatar: z.string().nullable(),
  verified_as: VerifiedAsSchema,
});
export type UserCard = z.infer<typeof UserCardSchema>;

/** Why a member is suggested, the strongest reason first. */
export const SUGGESTION_REASONS = ['workplace', 'followed_by_followed', 'specialty', 'county'] as const;
export type SuggestionReason = (typeof SUGGESTION_REASONS)[number];
export const SuggestionSchema = UserCardSchema.extend({
  reason: z.enum(SUGGESTION_REASONS),
  /** How many of the people the viewer follows follow this member. */
  followed_by_count: z.number().int(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const SuggestionsQuery = z.object({ limit: z.coerce.number().int().min(1).max(10).default(5) });
export type SuggestionsQuery = z.infer<typeof SuggestionsQuery>;

export const FollowStateSchema = z.object({ following: z.boolean() });

export const ProfileSearchQuery = PageQuerySchema.extend({
  name: z.string().trim().min(1).max(100),
  type: z.enum(['user']).default('user'),
});
export type ProfileSearchQuery = z.infer<typeof ProfileSearchQuery>;

export const networkEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/profile/search',
    summary: 'Approved members by name: prefix and fuzzy (pg_trgm) match, most similar first',
    access: 'member',
    query: ProfileSearchQuery,
    response: pageOf(UserCardSchema),
  }),
  follow: defineEndpoint({
    method: 'POST',
    path: '/profile/:slug/follow',
    summary: 'Follow a member (idempotent)',
    access: 'member',
    personal: true,
    params: SlugParamSchema,
    response: dataOf(FollowStateSchema),
  }),
  unfollow: defineEndpoint({
    method: 'DELETE',
    path: '/profile/:slug/follow',
    summary: 'Stop following a member (idempotent)',
    access: 'member',
    personal: true,
    params: SlugParamSchema,
    response: dataOf(FollowStateSchema),
  }),
  followers: defineEndpoint({
    method: 'GET',
    path: '/profile/:slug/followers',
    summary: "A member's followers, newest first",
    access: 'member',
    params: SlugParamSchema,
    query: PageQuerySchema,
    response: pageOf(UserCardSchema),
  }),
  suggestions: defineEndpoint({
    method: 'GET',
    path: '/network/suggestions',
    summary:
      'People you may know: approved members at the same workplace, followed by people you follow, with a shared specialty or in your county; not yourself, nobody you follow',
    access: 'member',
    personal: true,
    query: SuggestionsQuery,
    response: listOf(SuggestionSchema),
  }),
  following: defineEndpoint({
    method: 'GET',
    path: '/profile/:slug/following',
    summary: 'Members a member follows, newest follow first',
    access: 'member',
    params: SlugParamSchema,
    query: PageQuerySchema,
    response: pageOf(UserCardSchema),
  }),
} as const;
