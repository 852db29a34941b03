import { z } from 'zod';
import { createTestApp, type TestApp } from './app';
import { invalid } from './call';
import { probeEndpoints as probe, ProbeModule } from './probe.module';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ imports: [ProbeModule] });
});
afterAll(async () => {
  await t.close();
});

describe('t.call', () => {
  it('parses a success with the descriptor and types it', async () => {
    const res = await t.call(probe.echo, {
      as: null,
      body: { name: 'Kari', email: 'kari@test.no', age: 40 },
      query: { dry: 'yes' },
    });
    expect(res.status).toBe(201);
    expect(res.parsed.data).toEqual({ name: 'Kari', dry: 'yes' });
  });

  it('fails with the contract issues when a success does not match the response schema', async () => {
    const wrong = { ...probe.context, response: z.object({ locale: z.number(), request_id: z.string() }) };
    await expect(t.call(wrong, { as: null })).rejects.toThrow(/GET \/api\/__probe\/context answered 200 with a body the contract refuses:\n.*locale/s);
  });

  it("fails when a success status is not the descriptor's", async () => {
    const wrong = { ...probe.echo, status: 200 };
    const body = { name: 'Kari', email: 'kari@test.no', age: 40 };
    await expect(t.call(wrong, { as: null, body })).rejects.toThrow(/answered 201, the descriptor says 200/);
  });

  it('returns other answers with the error and validation views, in the asked language', async () => {
    const bad = await t.call(probe.echo, { as: null, body: invalid({ name: 'K', email: 'x', age: 'old' }), locale: 'en' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.validation.errors).sort()).toEqual(['age', 'email', 'name']);
    expect(() => bad.parsed).toThrow(/not a success/);
    const forbidden = await t.call(probe.forbidden, { as: null });
    expect(forbidden.error).toMatchObject({ status_code: 403, reason: 'not_owner' });
    const member = await t.call(probe.members, { as: await t.session() });
    expect(member.status).toBe(204);
    expect((await t.call(probe.members, { as: null })).error.status_code).toBe(401);
  });
});
