import { type Principal } from '../auth/principal';

/**
 * Who wrote, sent or holds a row: a user, or a company (a business profile). For rows of one or the
 * other (posts, comments, messages) exactly one is set; for a user's own things `company_id` is null.
 */
export interface Party {
  user_id: number | null;
  company_id: number | null;
}

type Caller = Pick<Principal, 'userId' | 'activeCompanyId'>;

/**
 * Whether `party` is the caller as they act now: the business profile they act as, or, when they
 * act as themselves, they in person. A post's or a message's `is_mine`, the sender of a message
 * they edit; a group's `is_creator`.
 */
export function isCaller(me: Caller, party: Party): boolean {
  return me.activeCompanyId !== null ? party.company_id === me.activeCompanyId : party.company_id === null && party.user_id === me.userId;
}

/**
 * Whether `party` is the caller in person (however they act now), or the business profile they act
 * as: a comment's `is_mine` and who may delete it, a product's `is_mine`, a co-author leaving.
 */
export function isCallerInPersonOrActing(me: Caller, party: Party): boolean {
  return party.company_id !== null ? party.company_id === me.activeCompanyId : party.user_id === me.userId;
}

/**
 * Whether `userId` is the caller's own account, however they act now: following, messaging or
 * blocking oneself, a profile's `is_me`, not notifying people of what they did themselves. The
 * one place a module compares an id with the caller's (eslint.config.mjs: `callerComparison`).
 */
export function isSelf(me: Pick<Principal, 'userId'>, userId: number | null | undefined): boolean {
  return userId === me.userId;
}

/** Whether `userId` is the one who acted (`actorUserId`; null when nobody did): nobody is notified of their own act. */
export function isActor(actorUserId: number | null | undefined, userId: number | null | undefined): boolean {
  return actorUserId !== null && actorUserId !== undefined && actorUserId === userId;
}

/** `userIds` once each, without the caller's own account: people to invite, add or notify. */
export function othersThan(me: Pick<Principal, 'userId'>, userIds: Iterable<number>): number[] {
  return [...new Set(userIds)].filter((id) => id !== me.userId);
}
