import * as contracts from '@legenett/contracts';
import { type Endpoint, NATIONAL_ID_ACCOUNT_MESSAGE, NATIONAL_ID_MESSAGE } from '@legenett/contracts';

/**
 * Every free text another person can read carries the patient-data guard (issue 38,
 * docs/patient-data-guard.md). Walks the body (and nested objects and lists) of every endpoint of the
 * contracts and fails on a string field that takes ordinary prose but lets a national identity
 * number through, unless it is in EXEMPT with the reason. A new text field is caught here until it is
 * built with `guardedText` / `withoutNationalId`, or exempted with a reason.
 */

interface ZodLike {
  _zod: {
    def: {
      type: string;
      innerType?: ZodLike;
      in?: ZodLike;
      shape?: Record<string, ZodLike>;
      element?: ZodLike;
      options?: ZodLike[];
    };
  };
  safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}

/** Fields that take free text but are not read by another person (or are no message), with the reason. */
const PASSWORD = 'a password or its confirmation: checked, hashed, never shown to anyone';
const FILE = 'a file upload (multipart), not text: the file is checked where the upload is read';
const EXEMPT: Record<string, string> = {
  'authEndpoints.login password': PASSWORD,
  'authEndpoints.changePassword old_password': PASSWORD,
  'authEndpoints.changePassword new_password_confirmation': PASSWORD,
  'authEndpoints.twoFactorDisable password': PASSWORD,
  'profileEndpoints.deleteAccount password': PASSWORD,
  'registrationEndpoints.changeEmail password': PASSWORD,
  'registrationEndpoints.createUserFromIdentity password_confirmation': PASSWORD,
  'registrationEndpoints.registerWithHpr password_confirmation': PASSWORD,
  'registrationEndpoints.resetPassword password_confirmation': PASSWORD,
  'authEndpoints.loginTwoFactor challenge_token': 'a token the API issued: compared, never shown',
  'authEndpoints.loginTwoFactor recovery_code': 'a one-time recovery code: compared, never shown',
  'authEndpoints.twoFactorDisable code': 'a one-time code: compared, never shown',
  'courseEndpoints.leftWatching token': 'a viewing token the API issued: compared, never shown',
  'alertEndpoints.create filters.search': 'a search string: matched against content, shown only to its owner',
  'alertEndpoints.update filters.search': 'a search string: matched against content, shown only to its owner',
  'companyEndpoints.create categories': 'category ids (a form list), not text',
  'companyEndpoints.create categories[]': 'category ids (a form list), not text',
  'companyEndpoints.update categories': 'category ids (a form list), not text',
  'companyEndpoints.update categories[]': 'category ids (a form list), not text',
  'jobEndpoints.uploadLogo logo': FILE,
  'petitionEndpoints.addAttachments pdf_files[]': FILE,
  'profileEndpoints.uploadAvatar image': FILE,
  'profileEndpoints.uploadBackground image': FILE,
};

const endpoints: [string, Endpoint][] = Object.entries(contracts)
  .filter(([name]) => /Endpoints$/.test(name))
  .flatMap(([group, list]) => Object.entries(list as Record<string, Endpoint>).map(([name, e]): [string, Endpoint] => [`${group}.${name}`, e]));

/** The leaf fields under objects, lists and wrappers: path -> the field's whole schema (wrappers and pipes included). */
function leaves(schema: ZodLike | undefined, path: string, out: [string, ZodLike][] = [], outer?: ZodLike): [string, ZodLike][] {
  if (!schema) return out;
  const field = outer ?? schema;
  const def = schema._zod.def;
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape ?? {})) leaves(v, path ? `${path}.${k}` : k, out);
      return out;
    case 'array':
      return leaves(def.element, `${path}[]`, out);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return leaves(def.innerType, path, out, field);
    case 'pipe':
      return leaves(def.in, path, out, field);
    case 'union':
      for (const o of def.options ?? []) leaves(o, path, out);
      return out;
    default:
      out.push([path, field]);
      return out;
  }
}

const PROSE = ['Hei, dette er en vanlig tekst.', `Hei, dette er en vanlig tekst. ${'Litt mer om saken, og enda litt mer. '.repeat(8)}`];
const NUMBER = ' Pasient 150384\u00a010099.';

/** The prose a field takes, or null when it takes none (ids, enums, e-mail, links, dates, numbers). */
function proseTaken(field: ZodLike): string | null {
  return PROSE.find((p) => field.safeParse(p).success) ?? null;
}

const seen = new Set<string>();
const textFields = endpoints.flatMap(([name, e]) =>
  e.method === 'GET' || !e.body
    ? []
    : leaves(e.body as unknown as ZodLike, '').flatMap(([path, schema]) => {
        const prose = proseTaken(schema);
        const id = `${name} ${path}`;
        if (prose === null || seen.has(id)) return [];
        seen.add(id);
        return [{ id, schema, prose }];
      }),
);

describe('the patient-data guard on every free text of the contracts', () => {
  it('finds the text fields', () => {
    expect(textFields.length).toBeGreaterThan(20);
  });

  it.each(textFields.map((f) => [f.id, f] as const))('%s is guarded or exempt with a reason', (id, f) => {
    if (id in EXEMPT) {
      expect(EXEMPT[id]?.length).toBeGreaterThan(10);
      return;
    }
    const withNumber = `${f.prose.slice(0, Math.max(0, f.prose.length - NUMBER.length))}${NUMBER}`;
    const result = f.schema.safeParse(withNumber);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContainEqual(expect.stringMatching(new RegExp(`^(${NATIONAL_ID_MESSAGE}|${NATIONAL_ID_ACCOUNT_MESSAGE})$`)));
  });

  it('lists no exemption for a field that is gone', () => {
    const ids = new Set(textFields.map((f) => f.id));
    expect(Object.keys(EXEMPT).filter((id) => !ids.has(id))).toEqual([]);
  });
});
