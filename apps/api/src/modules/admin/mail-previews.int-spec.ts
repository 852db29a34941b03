import { adminEndpoints as ep, isWebRoute, notificationPreferenceEndpoints } from '@legenett/contracts';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestSession, tokenFor } from '../../../test/auth';
import { invalid } from '../../../test/call';
import { MAIL_TEMPLATES } from '../../common/mail';
import { APP_CONFIG, type AppConfig } from '../../config';

let t: TestApp;
let adminAuth: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { prefix: 'previews-admin', roles: ['admin'] });
  adminAuth = await tokenFor(t, admin);
});

afterAll(async () => {
  await t.close();
});

/** The list, or the digest's preview, as `as` asks for it. */
const calls = [
  ['the list', (as: TestSession | null) => t.call(ep.mailTemplates, { as, locale: 'en' })],
  ['a preview', (as: TestSession | null) => t.call(ep.mailPreview, { as, locale: 'en', params: { template: 'digest' } })],
] as const;

describe('access', () => {
  it.each(calls)('%s answers 401 to a visitor', async (_name, call) => {
    const res = await call(null);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status_code: 401, message: expect.any(String) });
  });

  it.each(calls)('%s answers 403 missing_permission to an approved doctor', async (_name, call) => {
    const doctor = await createUser(t.db, { prefix: 'previews-doctor' });
    const res = await call(await tokenFor(t, doctor));
    expect(res.status).toBe(403);
    expect(res.error.reason).toBe('missing_permission');
    expect(res.body).not.toHaveProperty('data');
  });

  it('answers 404 in the asker language for a template that does not exist', async () => {
    for (const [locale, message] of [
      ['en', 'We could not find what you were looking for.'],
      ['no', expect.stringMatching(/\S/)],
    ] as const) {
      const res = await t.call(ep.mailPreview, { as: adminAuth, locale, params: { template: 'no_such_template' } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status_code: 404, message });
    }
    // A name of something on the object prototype is no template either.
    expect((await t.call(ep.mailPreview, { as: adminAuth, params: { template: 'constructor' } })).status).toBe(404);
  });

  it('answers 422 for a language it does not have', async () => {
    const res = await t.call(ep.mailPreview, { as: adminAuth, locale: 'en', params: { template: 'digest' }, query: invalid({ locale: 'de' }) });
    expect(res.status).toBe(422);
    expect(Object.keys(res.validation.errors)).toEqual(['locale']);
  });
});

describe('GET /admin/mail-templates', () => {
  it('lists every template the product sends, with its subject in the request language', async () => {
    const en = (await t.call(ep.mailTemplates, { as: adminAuth, locale: 'en' })).parsed;
    const no = (await t.call(ep.mailTemplates, { as: adminAuth, locale: 'no' })).parsed;
    expect(en.data.map((d) => d.template)).toEqual([...MAIL_TEMPLATES]);
    expect(no.data.map((d) => d.template)).toEqual([...MAIL_TEMPLATES]);
    expect(en.data.find((d) => d.template === 'digest')).toMatchObject({ engine: 'react_email', subject: expect.stringContaining('this week') });
    expect(no.data.find((d) => d.template === 'digest')).toMatchObject({ engine: 'react_email', subject: expect.stringContaining('denne uken') });
    for (const row of [...en.data, ...no.data]) expect(row.subject.length).toBeGreaterThan(0);
    // The two languages differ (each template's subject is translated, not the same text twice).
    const differing = en.data.filter((row, i) => row.subject !== no.data[i]!.subject);
    expect(differing.length).toBe(MAIL_TEMPLATES.length);
  });
});

describe('GET /admin/mail-templates/:template', () => {
  it.each(MAIL_TEMPLATES.flatMap((template) => [[template, 'no'] as const, [template, 'en'] as const]))(
    '%s renders in %s: subject, HTML and text, every placeholder filled',
    async (template, locale) => {
      const res = await t.call(ep.mailPreview, { as: adminAuth, locale: locale === 'no' ? 'en' : 'no', params: { template }, query: { locale } });
      expect(res.status).toBe(200);
      const { data } = res.parsed;
      expect(data).toMatchObject({ template, locale });
      expect(data.subject).not.toBe('');
      expect(data.text.length).toBeGreaterThan(20);
      expect(data.html).toMatch(/^<!doctype html/i);
      for (const part of [data.subject, data.text, data.html]) {
        expect(part).not.toMatch(/\{\{|\}\}/); // no placeholder left unfilled
        expect(part).not.toMatch(/registration\.mail\.|notifications_ui\./); // no catalogue key shown instead of a text
      }
      expect(data.html).not.toMatch(/<script/i);
      // Readable by screen readers in mail clients: the language and a title.
      expect(data.html).toContain(`lang="${locale === 'no' ? 'nb' : 'en'}"`);
      expect(data.html).toMatch(/<title>[^<]+<\/title>/);
    },
  );

  it('renders the digest with React Email in the language asked, both parts from one template', async () => {
    const no = (await t.call(ep.mailPreview, { as: adminAuth, params: { template: 'digest' }, query: { locale: 'no' } })).parsed.data;
    const en = (await t.call(ep.mailPreview, { as: adminAuth, params: { template: 'digest' }, query: { locale: 'en' } })).parsed.data;
    expect(no.engine).toBe('react_email');
    expect(no.html).toContain('lang="nb"');
    expect(en.html).toContain('lang="en"');
    expect(no.html).toContain('Ola Hansen og 4 andre likte innlegget ditt');
    expect(no.text).toContain('Ola Hansen og 4 andre likte innlegget ditt');
    expect(en.text).toContain('Ola Hansen and 4 others liked your post');
    expect(no.text).toContain('Ikke send meg flere sammendrag');
    expect(no.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(/^<https?:\/\/.+\/api\/notification-unsubscribe\?.*c=digest/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('links only to pages the web app has (and the API endpoints it serves), in every preview and language', async () => {
    const site = t.app.get<AppConfig>(APP_CONFIG).publicUrl;
    const apiPaths = new Set([`/api${notificationPreferenceEndpoints.unsubscribe.path}`]);
    const seen = new Set<string>();
    for (const template of MAIL_TEMPLATES) {
      for (const locale of ['no', 'en'] as const) {
        const { data } = (await t.call(ep.mailPreview, { as: adminAuth, params: { template }, query: { locale } })).parsed;
        const links = [...`${data.text}\n${data.html}\n${Object.values(data.headers).join('\n')}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0].replace(/&amp;/g, '&'));
        for (const link of links) {
          const url = new URL(link);
          // Only our own site: the mail's fonts or a speaker's own page are not ours to check.
          if (url.origin !== new URL(site).origin) continue;
          seen.add(url.pathname);
          const ok = url.pathname.startsWith('/api/') ? apiPaths.has(url.pathname) : isWebRoute(url.pathname);
          expect([template, locale, link, ok]).toEqual([template, locale, link, true]);
        }
      }
    }
    // The previews do carry links to check (the list the test walked is not empty by accident).
    expect(seen.size).toBeGreaterThan(10);
  });

  it('uses the request language when none is asked for', async () => {
    const res = await t.call(ep.mailPreview, { as: adminAuth, locale: 'en', params: { template: 'account_approved' } });
    expect(res.parsed.data.locale).toBe('en');
  });
});
