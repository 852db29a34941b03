import { deferSchemas } from './vite.lazy-schemas';

/** The module as the plugin writes it (without its import line). */
function deferred(code: string): string {
  let out = code;
  for (const edit of deferSchemas(code).sort((a, b) => b.at - a.at)) out = out.slice(0, edit.at) + edit.text + out.slice(edit.at);
  return out;
}

describe('deferSchemas (vite.lazy-schemas.ts)', () => {
  it('defers top-level schemas built by zod, from other schemas or by the schema factories', () => {
    const out = deferred(
      [
        "export const IdSchema = z.coerce.number().int();",
        "const Inner = z.object({ id: IdSchema });",
        "export const Outer = Inner.extend({ name: z.string() });",
        "export const ItemPage = pageOf(OtherSchema);",
        "export const Picked = OtherSchema.pick({ id: true });",
      ].join('\n'),
    );
    expect(out).toContain('export const IdSchema = __lazySchema("IdSchema", () => (z.coerce.number().int()));');
    expect(out).toContain('const Inner = __lazySchema("Inner", () => (z.object({ id: IdSchema })));');
    expect(out).toContain('export const Outer = __lazySchema("Outer", () => (Inner.extend({ name: z.string() })));');
    expect(out).toContain('export const ItemPage = __lazySchema("ItemPage", () => (pageOf(OtherSchema)));');
    expect(out).toContain('export const Picked = __lazySchema("Picked", () => (OtherSchema.pick({ id: true })));');
  });

  it('leaves constants, arrays, functions and other calls as they are', () => {
    const code = [
      'export const MAX = 50;',
      "export const ROLES = ['doctor', 'student'];",
      'export const isoDate = () => z.iso.date();',
      'export function pageMeta(total) { return { total }; }',
      'export const WINDOW = Object.freeze({ from: 1 });',
      'export const parsed = settings.map((s) => s.id);',
      'let mutable = z.string();',
    ].join('\n');
    expect(deferred(code)).toBe(code);
  });

  it("defers an endpoint's params, query, body and response when they are built there, not its other fields", () => {
    const out = deferred(
      [
        'export const fooEndpoints = {',
        "  list: defineEndpoint({ method: 'GET', path: '/foo', query: z.object({ page: z.number() }), response: pageOf(FooSchema) }),",
        "  remove: defineEndpoint({ method: 'DELETE', path: '/foo/:id', params: IdParamSchema, response: null }),",
        '};',
        "export const one = defineEndpoint({ method: 'POST', path: '/one', body: z.object({}), response: dataOf(FooSchema) });",
      ].join('\n'),
    );
    expect(out).toContain('query: __lazySchema("fooEndpoints query", () => (z.object({ page: z.number() })))');
    expect(out).toContain('response: __lazySchema("fooEndpoints response", () => (pageOf(FooSchema)))');
    expect(out).toContain('params: IdParamSchema, response: null');
    expect(out).toContain("method: 'GET', path: '/foo'");
    expect(out).toContain('body: __lazySchema("one body", () => (z.object({})))');
    expect(out).toContain('response: __lazySchema("one response", () => (dataOf(FooSchema)))');
  });
});
