import { types } from 'node:util';
import { authEndpoints, LoginResponseSchema, UserSchema } from '@legenett/contracts';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

describe('lazySchema (the stand-in)', () => {
  it('builds the schema on first use, once, and behaves as it', () => {
    const build = vi.fn(() => z.object({ id: z.number().int(), name: z.string().min(2) }));
    const Item = lazySchema('Item', build);
    expect(build).not.toHaveBeenCalled();

    expect(Item.parse({ id: 1, name: 'Kari' })).toEqual({ id: 1, name: 'Kari' });
    expect(Item.safeParse({ id: 1.5, name: 'K' }).success).toBe(false);
    expect(Object.keys(Item.shape)).toEqual(['id', 'name']);
    expect(Item instanceof z.ZodObject).toBe(true);
    expect('shape' in Item).toBe(true);
    const { parse } = Item;
    expect(parse({ id: 2, name: 'Ola' })).toEqual({ id: 2, name: 'Ola' });
    expect(Item.extend({ extra: z.boolean() }).parse({ id: 3, name: 'Per', extra: true })).toEqual({ id: 3, name: 'Per', extra: true });
    expect(z.object({ item: Item }).parse({ item: { id: 4, name: 'Åse' } })).toEqual({ item: { id: 4, name: 'Åse' } });
    expect(Item.optional().parse(undefined)).toBeUndefined();
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('says which one when what it built is no schema', () => {
    const NotASchema = lazySchema('NotASchema', () => ({ parse: () => 1 }));
    expect(() => NotASchema.parse).toThrow('NotASchema is not a zod schema');
  });

  it('stands in for the contracts in the web build and tests: they parse and refuse as before', () => {
    const user = {
      id: 1,
      slug: 'kari-nordby',
      first_name: 'Kari',
      last_name: 'Nordby',
      email: 'kari@example.no',
      phone: null,
      status_label: 'Approved',
    };
    // The build's plugin runs in the tests too (vitest.config.ts): these are stand-ins.
    expect(types.isProxy(UserSchema)).toBe(true);
    expect(types.isProxy(authEndpoints.login.body)).toBe(true);
    expect(UserSchema.safeParse(user).success).toBe(false);
    expect(UserSchema.shape.status_label.options).toContain('Approved');
    expect(authEndpoints.refresh.response).toBe(LoginResponseSchema);
    expect(authEndpoints.login.body.safeParse({ email: 'kari@example.no', password: 'x' }).success).toBe(true);
    expect(authEndpoints.login.body.safeParse({ email: 'not an e-mail', password: 'x' }).success).toBe(false);
  });
});
