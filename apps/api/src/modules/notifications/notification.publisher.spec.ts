import { type NotificationJobPayload } from '@legenett/contracts';
import { type JobOutbox, type OutboxJob } from '../../common/outbox';
import { type Transaction } from '../../database/unit-of-work';
import { NotificationPublisher } from './notification.publisher';

const tx = {} as Transaction;
const base: NotificationJobPayload = {
  user_id: 1,
  kind: 'like',
  actor_user_id: 2,
  partner_company_id: null,
  entity_type: 'post',
  entity_id: 9,
  data: {},
};

function publisher() {
  const added: OutboxJob[][] = [];
  const outbox = {
    add: async (_tx: Transaction | null, jobs: OutboxJob | readonly OutboxJob[]) => {
      added.push(Array.isArray(jobs) ? [...(jobs as readonly OutboxJob[])] : [jobs as OutboxJob]);
    },
  } as unknown as JobOutbox;
  return { publisher: new NotificationPublisher(outbox), added };
}

describe('NotificationPublisher', () => {
  it('writes notifications.create jobs naming the recipient and the actor, in the given transaction', async () => {
    const { publisher: p, added } = publisher();
    await p.publish(tx, [base, { ...base, user_id: 3 }]);
    expect(added).toEqual([
      [
        { name: 'notifications.create', payload: base, dedupeKey: undefined, userIds: [1, 2] },
        { name: 'notifications.create', payload: { ...base, user_id: 3 }, dedupeKey: undefined, userIds: [3, 2] },
      ],
    ]);
  });

  it('drops a notification about one’s own action, and refuses one dedupe key for several', async () => {
    const { publisher: p, added } = publisher();
    await p.publish(tx, { ...base, actor_user_id: 1 });
    expect(added).toEqual([[]]);
    await expect(p.publish(tx, [base, { ...base, user_id: 3 }], 'k')).rejects.toThrow(RangeError);
  });
});
