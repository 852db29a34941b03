import { z } from 'zod';
import { dataOf, pageOf, PageQuerySchema } from './common';
import { defineEndpoint } from './endpoint';
import { SlugParamSchema } from './profile';
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
