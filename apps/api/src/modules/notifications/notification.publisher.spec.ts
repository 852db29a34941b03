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

  it('writes one notifications.create-many job for many recipients, without the actor and twice-named ones; one recipient is an ordinary job', async () => {
    const { publisher: p, added } = publisher();
    const { user_id: _one, ...notification } = base;
    await p.publishToMany(tx, notification, [5, 2, 4, 5]);
    expect(added).toEqual([[{ name: 'notifications.create-many', payload: { ...notification, user_ids: [5, 4] }, userIds: [5, 4, 2] }]]);
    await p.publishToMany(tx, notification, [2, 7]);
    expect(added[1]).toEqual([{ name: 'notifications.create', payload: { ...notification, user_id: 7 }, dedupeKey: undefined, userIds: [7, 2] }]);
    await p.publishToMany(tx, notification, [2]);
    expect(added).toHaveLength(2);
  });
});
