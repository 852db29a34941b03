import * as contracts from '@legenett/contracts';
import { buildPath, DATE_WINDOW, type Endpoint } from '@legenett/contracts';
import { createTestApp, type TestApp } from '../../../test/app';

/**
 * Fuzzes every date field of every contract with the dates a hostile tester sent (issue 23): year
 * 0000, year 9999, a day past the end of the window. Each must be a 422 on that field in the asked
 * language, never a 5xx, and never reach the database. Date fields are found by what they accept
 * (a real date passes, a word does not), so a new date field is covered without being listed here.
 */

const BAD_DATES = ['0000-01-01', '9999-12-31', '1899-12-31', '2101-01-01'];
const BAD_TIMES = ['9999-12-31T23:00:00Z', '0000-01-01T00:00:00Z', '1899-12-31T12:00:00+01:00', '2101-01-01T00:00:00Z'];

type Kind = 'date' | 'datetime';
interface DateField {
  endpoint: Endpoint;
  name: string;
  where: 'body' | 'query';
  field: string;
  kind: Kind;
}

interface ZodLike {
  _zod: { def: { type: string; innerType?: ZodLike; in?: ZodLike; shape?: Record<string, ZodLike> } };
  safeParse(value: unknown): { success: boolean };
}

/** The object shape under optional/nullable/default/pipe wrappers, or null when it is no object. */
function shapeOf(schema: ZodLike | undefined): Record<string, ZodLike> | null {
  let s = schema;
  while (s) {
    const def = s._zod.def;
    if (def.type === 'object') return def.shape ?? null;
    s = def.innerType ?? def.in;
  }
  return null;
}

/** A date field is one that takes a real date (or instant) and refuses a word and bare digits (a phone number). */
function kindOf(field: ZodLike): Kind | null {
  if (field.safeParse('not a date').success || field.safeParse('20300615').success) return null;
  if (field.safeParse('2030-06-15').success) return 'date';
  if (field.safeParse('2030-06-15T10:00:00+02:00').success) return 'datetime';
  return null;
}

const endpoints: [string, Endpoint][] = Object.entries(contracts)
  .filter(([name]) => /Endpoints$/.test(name))
  .flatMap(([group, list]) => Object.entries(list as Record<string, Endpoint>).map(([name, e]): [string, Endpoint] => [`${group}.${name}`, e]));

const dateFields: DateField[] = endpoints.flatMap(([name, endpoint]) =>
  (['body', 'query'] as const).flatMap((where) =>
    Object.entries(shapeOf(endpoint[where] as ZodLike | undefined) ?? {}).flatMap(([field, schema]) => {
      const kind = kindOf(schema);
      return kind ? [{ endpoint, name, where, field, kind }] : [];
    }),
  ),
);

/** Path parameters that pass their own schema: a number where one is taken, else a word. */
function paramsFor(endpoint: Endpoint): Record<string, string | number> {
  const shape = shapeOf(endpoint.params as ZodLike | undefined) ?? {};
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [key, schema.safeParse(1).success || schema.safeParse('1').success ? 1 : 'abcdefghjk0123456789']),
  );
}

let t: TestApp;
let caller: { accessToken: string };

beforeAll(async () => {
  t = await createTestApp();
  caller = await t.session({ roles: ['admin'], approvedHrp: 2 });
});
afterAll(async () => {
  await t.close();
});

describe('every date field of every contract', () => {
  it('finds the date fields (courses, meetings, jobs, petitions, experience, education, media)', () => {
    const found = new Set(dateFields.map((f) => `${f.name}:${f.field}`));
    for (const known of [
      'courseEndpoints.create:start_at',
      'courseEndpoints.update:subscription_deadline',
      'courseRecordEndpoints.createMeeting:held_on',
      'jobEndpoints.create:application_deadline',
      'petitionEndpoints.create:end_date',
      'professionalEndpoints.createExperience:started_at',
    ]) {
      expect(found).toContain(known);
    }
    expect(dateFields.length).toBeGreaterThanOrEqual(15);
  });

  it('answers 422 on the field, in the asked language, to dates outside the window', async () => {
    const outcomes: string[] = [];
    for (const f of dateFields) {
      for (const bad of f.kind === 'date' ? BAD_DATES : BAD_TIMES) {
        const path = `/api${buildPath(f.endpoint.path, paramsFor(f.endpoint))}`;
        const verb = f.endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
        let req = t.http[verb](path).set('Authorization', `Bearer ${caller.accessToken}`).set('X-localization', 'en');
        if (f.where === 'query') req = req.query({ [f.field]: bad });
        else if (f.endpoint.multipart) req = req.field(f.field, bad);
        else req = req.send({ [f.field]: bad });
        const res = await req;
        const errors = (res.body as { errors?: Record<string, string[]> }).errors ?? {};
        // Either the field is refused with the window's message, or the call was stopped before
        // validation (e.g. a company-only endpoint): never a server error.
        const verdict =
          res.status >= 500
            ? `server error ${res.status}`
            : res.status === 422
              ? (errors[f.field]?.join(' ') ?? 'no message on the field')
              : `status ${res.status}`;
        outcomes.push(`${f.name} ${f.field}=${bad}: ${verdict}`);
      }
    }
    const window = `The date must be between the years ${DATE_WINDOW.from.slice(0, 4)} and ${Number(DATE_WINDOW.to.slice(0, 4))}.`;
    expect(outcomes.filter((o) => !o.endsWith(window))).toEqual([]);
  });

  it('keeps dates inside the window valid, at both ends', () => {
    for (const f of dateFields) {
      const schema = shapeOf(f.endpoint[f.where] as ZodLike)![f.field]!;
      const edges = f.kind === 'date' ? [DATE_WINDOW.from, DATE_WINDOW.to] : [`${DATE_WINDOW.from}T00:00:00Z`, `${DATE_WINDOW.to}T23:59:59Z`];
      for (const value of edges) expect([f.name, f.field, value, schema.safeParse(value).success]).toEqual([f.name, f.field, value, true]);
    }
  });
});
