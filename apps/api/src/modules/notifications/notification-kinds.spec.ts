import { NOTIFICATION_KIND_VALUES } from '@legenett/contracts';
import { schema } from '@legenett/db';

/*
 * The notification kinds are written in two places that cannot import each other: the contract
 * (`NOTIFICATION_KIND_VALUES`, packages/contracts/src/notifications.ts) and the database's list
 * (`NOTIFICATION_KINDS`, packages/db/src/schema/notifications.ts, which makes the `kind` check
 * constraint). This test ties them: add a kind to both in the same order, then
 * `npm run db:generate` for the check constraint (docs/how-to/notify.md).
 */
type SameMembers<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// A kind in one list and not the other fails the type check too.
const sameKinds: SameMembers<(typeof NOTIFICATION_KIND_VALUES)[number], (typeof schema.NOTIFICATION_KINDS)[number]> = true;

describe('notification kinds', () => {
  it('the database lists exactly the kinds of the contract, in the same order', () => {
    expect(sameKinds).toBe(true);
    expect([...schema.NOTIFICATION_KINDS]).toEqual([...NOTIFICATION_KIND_VALUES]);
  });
});
