import { z } from 'zod';
import { type InputIssue } from './app-error';
import { issueMessageKey, issuesToFieldErrors } from './issue-messages';

const issuesOf = (schema: z.ZodType, value: unknown): InputIssue[] => {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error('expected a failure');
  return result.error.issues as InputIssue[];
};

const keyOf = (schema: z.ZodType, value: unknown) => {
  const [issue] = issuesOf(schema, value);
  return issueMessageKey(issue!);
};

describe('zod issue -> catalogue key', () => {
  it.each([
    ['missing value', z.object({ a: z.string() }), {}, 'validation.required'],
    ['empty required string', z.string().min(1), '', 'validation.required'],
    ['wrong type', z.string(), 5, 'validation.invalid_type'],
    ['not an integer', z.number().int(), 1.5, 'validation.not_integer'],
    ['NaN from coercion', z.coerce.number(), 'abc', 'validation.invalid_type'],
    ['short string', z.string().min(3), 'ab', 'validation.too_short'],
    ['empty string with a longer minimum', z.string().min(3), '', 'validation.required'],
    ['long string', z.string().max(3), 'abcd', 'validation.too_long'],
    ['small number', z.number().min(5), 4, 'validation.too_small'],
    ['not positive (exclusive bound)', z.coerce.number().int().positive(), '0', 'validation.too_small_exclusive'],
    ['missing choice', z.object({ a: z.enum(['x', 'y']) }), {}, 'validation.required'],
    ['wrong choice', z.enum(['x', 'y']), 'z', 'validation.invalid_enum'],
    ['big number', z.number().max(5), 6, 'validation.too_big'],
    ['too few items', z.array(z.string()).min(2), ['a'], 'validation.too_few_items'],
    ['too many items', z.array(z.string()).max(1), ['a', 'b'], 'validation.too_many_items'],
    ['email', z.email(), 'nope', 'validation.invalid_email'],
    ['url', z.url(), 'nope', 'validation.invalid_url'],
    ['iso date', z.iso.date(), '2026-02-31x', 'validation.invalid_date'],
    ['invalid date object', z.date(), new Date('x'), 'validation.invalid_date'],
    ['enum', z.enum(['a', 'b']), 'c', 'validation.invalid_enum'],
    ['literal', z.literal('yes'), 'no', 'validation.invalid_enum'],
    ['unknown key', z.strictObject({}), { x: 1 }, 'validation.unknown_field'],
    ['union', z.union([z.string(), z.number()]), true, 'validation.invalid'],
    ['custom refine', z.string().refine(() => false), 'x', 'validation.invalid'],
    ['catalogue key as message', z.string().refine(() => false, 'errors.too_many_photos'), 'x', 'errors.too_many_photos'],
  ])('%s', (_label, schema, value, key) => {
    expect(keyOf(schema, value).key).toBe(key);
  });

  it('passes the bounds to the message', () => {
    expect(keyOf(z.string().min(8), 'abc')).toEqual({ key: 'validation.too_short', vars: { minimum: 8 } });
    expect(keyOf(z.number().max(10), 11)).toEqual({ key: 'validation.too_big', vars: { maximum: 10 } });
  });
});

describe('issuesToFieldErrors', () => {
  const schema = z.strictObject({
    name: z.string().min(2),
    profile: z.object({ phone: z.string().regex(/^\+47\d{8}$/) }),
    tags: z.array(z.string().max(3)),
  });

  it('keys messages by dotted path in the requested language', () => {
    const issues = issuesOf(schema, { name: 'K', profile: { phone: '123' }, tags: ['ok', 'toolong'], extra: true, other: 1 });
    expect(issuesToFieldErrors(issues, 'en')).toEqual({
      name: ['Must be at least 2 characters.'],
      'profile.phone': ['Invalid value.'],
      'tags.1': ['Can be at most 3 characters.'],
      extra: ['Unknown field.'],
      other: ['Unknown field.'],
    });
    expect(issuesToFieldErrors(issues, 'no').name).toEqual(['Må være minst 2 tegn.']);
  });

  it('puts root issues under the source name and does not repeat a message', () => {
    const issues = issuesOf(z.object({ a: z.string() }), 'not an object');
    expect(issuesToFieldErrors(issues, 'en', 'query')).toEqual({ query: ['Invalid value.'] });
    const twice = [...issues, ...issues];
    expect(issuesToFieldErrors(twice, 'en', 'query')).toEqual({ query: ['Invalid value.'] });
  });
});
