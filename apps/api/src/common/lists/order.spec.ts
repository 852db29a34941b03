import { PgDialect, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { orderFor } from './order';

const t = pgTable('t', { id: integer('id'), at: timestamp('at') });
const render = (parts: ReturnType<typeof orderFor>) =>
  new PgDialect().sqlToQuery(sql.join(parts, sql`, `)).sql;

describe('orderFor', () => {
  it('spells out nulls so the order matches a DESC NULLS LAST index', () => {
    const keys = [
      [t.at, 'desc', 'last'],
      [t.id, 'desc', 'last'],
    ] as const;
    expect(render(orderFor(keys, false))).toBe('"t"."at" desc nulls last, "t"."id" desc nulls last');
    expect(render(orderFor(keys, true))).toBe('"t"."at" asc nulls first, "t"."id" asc nulls first');
  });

  it("uses PostgreSQL's default nulls placement when none is given", () => {
    expect(render(orderFor([[t.id, 'asc']], false))).toBe('"t"."id" asc nulls last');
    expect(render(orderFor([[t.id, 'asc']], true))).toBe('"t"."id" desc nulls first');
  });
});
