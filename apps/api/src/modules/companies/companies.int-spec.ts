import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COMPANY_LOGO_FIELD, companyEndpoints as ep, type Endpoint } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { createCompany, createUser, tokenFor } from '../../../test/auth';
import { type BodyIn, type Caller, type CallOptions, invalid } from '../../../test/call';
import { fileRows } from '../../../test/files';
import { settleJobs } from '../../../test/jobs';
import { slugify } from '../../common/text/slugify';

let t: TestApp;
let dataDir: string;
let token: string;
let companyCat: number;
let otherCat: number;
let productCat: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-companies-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  token = uniqueToken();
  const [a, b, c] = await t.db
    .insert(schema.categories)
    .values([
      { code: `cc-${token}`, type: 'company', name: { no: `Klinikk ${token}`, en: `Clinic ${token}` } },
      { code: `cd-${token}`, type: 'company', name: { no: `Lab ${token}`, en: `Lab ${token}` } },
      { code: `cp-${token}`, type: 'product', name: { no: `Utstyr ${token}`, en: `Equipment ${token}` } },
    ])
    .returning();
  companyCat = a!.id;
  otherCat = b!.id;
  productCat = c!.id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The inputs of a table-driven case over several endpoints. */
type Opts = Omit<CallOptions<Endpoint>, 'as'>;

async function managed(published = true) {
  const manager = await t.session({ roles: ['doctor', 'company_manager'] });
  const company = await createCompany(t.db, { managers: [manager.user.id], published, name: `Firma ${uniqueToken()} ${token}` });
  await t.db.insert(schema.partnerCompanyCategories).values({ partner_company_id: company.id, category_id: companyCat });
  return { manager, company };
}

const logo = async () =>
  sharp({ create: { width: 120, height: 120, channels: 3, background: { r: 200, g: 20, b: 20 } } })
    .png()
    .toBuffer();

describe('POST /partner-companies', () => {
  it('creates with a logo and categories; the creator manages it; slugs are unique', async () => {
    const me = await t.session();
    const name = `Legeklinikk Ås ${token}`;
    const create = async () =>
      t.call(ep.create, {
        as: me,
        body: { name, categories: `${companyCat},${otherCat}`, description: 'Allmennlegekontor', email: 'post@klinikk.no' },
        files: { [COMPANY_LOGO_FIELD]: { buffer: await logo(), name: 'logo.png' } },
        locale: 'en',
      });
    const res = await create();
    expect(res.status).toBe(201);
    const body = res.parsed.data;
    expect(body).toMatchObject({ name, is_manager: true, is_published: false, followers_count: 0, email: 'post@klinikk.no' });
    expect(body.slug).toBe(slugify(name, 'company'));
    expect(body.categories.map((c) => c.id)).toEqual([companyCat, otherCat]);
    expect(body.logo).toMatch(/^\/|^http/);
    const second = (await create()).parsed.data;
    expect(second.slug).not.toBe(body.slug);
    const managers = await t.db.select().from(schema.partnerCompanyManagers).where(eq(schema.partnerCompanyManagers.partner_company_id, body.id));
    expect(managers.map((m) => m.user_id)).toEqual([me.user.id]);
  });

  it('answers 422 for a missing name or a non-company category, 401 anonymous, 403 as a company', async () => {
    const me = await t.session();
    const noName = await t.call(ep.create, { as: me, body: invalid({ categories: String(companyCat) }), locale: 'no' });
    expect(noName.status).toBe(422);
    expect(noName.validation.errors.name).toBeDefined();
    const badCat = await t.call(ep.create, { as: me, body: { name: 'Firma', categories: String(productCat) } });
    expect(badCat.status).toBe(422);
    expect(badCat.validation.errors.categories).toBeDefined();
    const script = await t.call(ep.create, {
      as: me,
      body: { name: 'Firma', categories: String(companyCat), website: 'javascript:alert(1)' },
      locale: 'en',
    });
    expect(script.status).toBe(422);
    expect(script.validation.errors.website).toEqual(['Invalid link.']);
    const bare = await t.call(ep.create, {
      as: me,
      body: { name: `Nettside ${Date.now()}`, categories: String(companyCat), website: 'legenett.no/om' },
    });
    expect(bare.status).toBe(201);
    expect(bare.parsed.data.website).toBe('https://legenett.no/om');
    expect((await t.call(ep.create, { as: null, body: invalid({ name: 'Firma' }) })).status).toBe(401);
    const { manager, company } = await managed();
    const asCompany = await t.call(ep.create, {
      as: await tokenFor(t, manager.user, { actAs: company.id }),
      body: { name: 'Firma', categories: String(companyCat) },
    });
    expect(asCompany.status).toBe(403);
    expect(asCompany.error.reason).toBe('business_profile_active');
  });
});

describe('GET /partner-companies and /show', () => {
  it('lists published ones and the caller’s unpublished ones, filtered by name and categories', async () => {
    const { manager, company: pub } = await managed(true);
    const { company: hidden } = await managed(false);
    const { company: mineHidden } = await (async () => {
      const c = await createCompany(t.db, { managers: [manager.user.id], published: false, name: `Firma mine ${token}` });
      return { company: c };
    })();
    const me = await t.session();
    const seen = (await t.call(ep.list, { as: me, query: { name: token, per_page: 50 } })).parsed;
    const ids = seen.data.map((c) => c.id);
    expect(ids).toContain(pub.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(mineHidden.id);
    const asManager = (await t.call(ep.list, { as: manager, query: { name: token, per_page: 50 } })).parsed;
    expect(asManager.data.map((c) => c.id)).toContain(mineHidden.id);
    const byCat = (await t.call(ep.list, { as: me, query: { categories: `${otherCat}`, per_page: 50 } })).parsed;
    expect(byCat.data.map((c) => c.id)).not.toContain(pub.id);
    const byCat2 = (await t.call(ep.list, { as: me, query: { categories: `${companyCat},${otherCat}`, per_page: 50 } })).parsed;
    expect(byCat2.data.find((c) => c.id === pub.id)!.categories.map((c) => c.id)).toEqual([companyCat]);
    expect((await t.call(ep.list, { as: me, query: { categories: 'abc' } })).status).toBe(422);
    expect((await t.call(ep.list, { as: null })).status).toBe(401);
    const inReview = await t.session({ status: 'in_review' });
    expect((await t.call(ep.list, { as: inReview })).status).toBe(403);
  });

  it('shows a published page to members, an unpublished one to managers only, 404 otherwise', async () => {
    const { manager, company } = await managed(false);
    const me = await t.session();
    expect((await t.call(ep.show, { as: me, params: { slug: company.slug } })).status).toBe(404);
    const own = (await t.call(ep.show, { as: manager, params: { slug: company.slug } })).parsed.data;
    expect(own).toMatchObject({ id: company.id, is_manager: true, followed_by_me: false, followers_count: 0 });
    expect((await t.call(ep.show, { as: me, params: { slug: `none-${uniqueToken()}` } })).status).toBe(404);
    // Acting as the company still shows it (company endpoints act for the company).
    const asCompany = await tokenFor(t, manager.user, { actAs: company.id });
    expect((await t.call(ep.show, { as: asCompany, params: { slug: company.slug } })).status).toBe(200);
  });
});

describe('follow, unfollow, followers', () => {
  it('follows idempotently with a followers count, lists followers and unfollows', async () => {
    const { manager, company } = await managed(true);
    const a = await t.session();
    const b = await t.session();
    for (let i = 0; i < 2; i++) {
      const res = await t.call(ep.follow, { as: a, params: { slug: company.slug } });
      expect(res.status).toBe(200);
      expect(res.parsed.data).toEqual({ following: true, followers_count: 1 });
    }
    await t.call(ep.follow, { as: b, params: { slug: company.slug } });
    const shown = (await t.call(ep.show, { as: a, params: { slug: company.slug } })).parsed.data;
    expect(shown).toMatchObject({ followed_by_me: true, followers_count: 2, is_manager: false });
    const followers = (await t.call(ep.followers, { as: manager, params: { slug: company.slug }, query: { per_page: 1 } })).parsed;
    expect(followers.meta.total).toBe(2);
    expect(followers.data.map((u) => u.id)).toEqual([b.user.id]);
    for (let i = 0; i < 2; i++) {
      const res = await t.call(ep.unfollow, { as: a, params: { slug: company.slug } });
      expect(res.parsed.data).toEqual({ following: false, followers_count: 1 });
    }
  });

  it('refuses unpublished (404), anonymous (401), business-profile mode (403) and bad pages (422)', async () => {
    const { manager, company } = await managed(false);
    const me = await t.session();
    expect((await t.call(ep.follow, { as: me, params: { slug: company.slug } })).status).toBe(404);
    expect((await t.call(ep.followers, { as: me, params: { slug: company.slug } })).status).toBe(404);
    expect((await t.call(ep.follow, { as: null, params: { slug: company.slug } })).status).toBe(401);
    const asCompany = await tokenFor(t, manager.user, { actAs: company.id });
    const r = await t.call(ep.follow, { as: asCompany, params: { slug: company.slug } });
    expect(r.status).toBe(403);
    expect(r.error.reason).toBe('business_profile_active');
    expect((await t.call(ep.followers, { as: manager, params: { slug: company.slug }, query: { per_page: 999 } })).status).toBe(422);
  });
});

describe('POST /partner-company/:slug/follow-invitation', () => {
  it('invites members once and notifies each through the queue; managers only', async () => {
    const { manager, company } = await managed(true);
    const x = await createUser(t.db);
    const y = await createUser(t.db);
    const res = await t.call(ep.invite, { as: manager, params: { slug: company.slug }, body: { users: [x.id, y.id, manager.user.id, 99999999] } });
    expect(res.status).toBe(200);
    expect(res.parsed.data.invited.sort()).toEqual([x.id, y.id].sort());
    const again = (await t.call(ep.invite, { as: manager, params: { slug: company.slug }, body: { users: [x.id] } })).parsed;
    expect(again.data.invited).toEqual([]);
    await settleJobs(t);
    const notes = await t.db.select().from(schema.notifications).where(eq(schema.notifications.user_id, x.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'follow_invitation', partner_company_id: company.id, actor_user_id: manager.user.id, entity_type: 'follow_invitation' });
    const other = await t.session();
    const denied = await t.call(ep.invite, { as: other, params: { slug: company.slug }, body: { users: [x.id] } });
    expect(denied.status).toBe(403);
    expect(denied.error.reason).toBe('not_owner');
    expect((await t.call(ep.invite, { as: manager, params: { slug: company.slug }, body: { users: [] } })).status).toBe(422);
    expect((await t.call(ep.invite, { as: null, params: { slug: company.slug }, body: { users: [x.id] } })).status).toBe(401);
  });
});

describe('POST /partner-companies/:slug (edit details)', () => {
  const edit = (slug: string, as: Caller, body: BodyIn<typeof ep.update>, withLogo?: Buffer) =>
    t.call(ep.update, {
      as,
      params: { slug },
      body,
      files: withLogo ? { [COMPANY_LOGO_FIELD]: { buffer: withLogo, name: 'logo.png' } } : undefined,
      locale: 'en',
    });

  it('lets a manager change details, categories and logo; the slug stays and the old logo file goes', async () => {
    const { manager, company } = await managed();
    const first = (await edit(company.slug, manager, { name: 'Nytt Navn AS', categories: String(companyCat) }, await logo())).parsed.data;
    const oldLogo = first.logo!;
    expect((await fileRows(t.db, oldLogo)).map((r) => [r.kind, r.variant, r.owner_user_id])).toEqual([
      ['company_logo', 'lg', manager.user.id],
      ['company_logo', 'sm', manager.user.id],
    ]);
    const res = await edit(company.slug, manager, { name: 'Nytt Navn AS', categories: `${otherCat}`, website: 'nyttnavn.no', phone: '+47 22 00 00 00' }, await logo());
    expect(res.status).toBe(200);
    const body = res.parsed.data;
    expect(body).toMatchObject({ slug: company.slug, name: 'Nytt Navn AS', website: 'https://nyttnavn.no', phone: '+4722000000' });
    expect(body.categories.map((c) => c.id)).toEqual([otherCat]);
    expect(body.logo).not.toBe(oldLogo);
    expect((await t.http.get(oldLogo)).status).toBe(404);
    expect(await fileRows(t.db, oldLogo)).toEqual([]);
    expect((await t.http.get(body.logo!)).status).toBe(200);
    // Without a new logo the logo is kept.
    const kept = (await edit(company.slug, manager, { name: 'Nytt Navn AS', categories: `${otherCat}` })).parsed.data;
    expect(kept.logo).toBe(body.logo);
  });

  it('answers 403 to a non-manager, 404 for an unknown company, 401 anonymously, 422 for bad input', async () => {
    const { manager, company } = await managed();
    const other = await t.session();
    const refused = await edit(company.slug, other, { name: 'Kapret', categories: String(companyCat) });
    expect(refused.status).toBe(403);
    expect((await edit(`none-${uniqueToken()}`, manager, { name: 'X AS', categories: String(companyCat) })).status).toBe(404);
    expect((await edit(company.slug, null, { name: 'X AS', categories: String(companyCat) })).status).toBe(401);
    const bad = await edit(company.slug, manager, { name: 'X', categories: String(productCat), website: 'ftp://x.no' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.validation.errors).sort()).toEqual(['name', 'website']);
    const badCategory = await edit(company.slug, manager, { name: 'Gyldig AS', categories: String(productCat) });
    expect(badCategory.status).toBe(422);
    expect(badCategory.validation.errors.categories).toBeDefined();
    const notImage = await edit(company.slug, manager, { name: 'Gyldig AS', categories: String(companyCat) }, Buffer.from('not an image at all'));
    expect(notImage.status).toBe(422);
    const unchanged = (await t.call(ep.show, { as: manager, params: { slug: company.slug } })).parsed.data;
    expect(unchanged.name).toBe(company.name);
  });
});

describe('PATCH settings and DELETE', () => {
  it('lets managers publish and switch comments; others get 403 (public) or 404 (unpublished)', async () => {
    const { manager, company } = await managed(false);
    const other = await t.session();
    expect((await t.call(ep.settings, { as: other, params: { slug: company.slug }, body: { is_published: true } })).status).toBe(404);
    const res = await t.call(ep.settings, { as: manager, params: { slug: company.slug }, body: { is_published: true, is_comments_allowed: false } });
    expect(res.status).toBe(200);
    expect(res.parsed.data).toMatchObject({ is_published: true, is_comments_allowed: false });
    const denied = await t.call(ep.settings, { as: other, params: { slug: company.slug }, body: { is_published: false } });
    expect(denied.status).toBe(403);
    expect(denied.error.reason).toBe('not_owner');
    expect((await t.call(ep.settings, { as: manager, params: { slug: company.slug }, body: invalid({}) })).status).toBe(422);
    expect((await t.call(ep.settings, { as: manager, params: { slug: company.slug }, body: invalid({ is_published: 'yes' }) })).status).toBe(422);
    // Business-profile mode: the manager acting as the company may change it.
    const asCompany = await tokenFor(t, manager.user, { actAs: company.id });
    expect((await t.call(ep.settings, { as: asCompany, params: { slug: company.slug }, body: { is_comments_allowed: true } })).status).toBe(200);
  });

  it('soft-deletes with a reason (managers only); the page is gone afterwards', async () => {
    const { manager, company } = await managed(true);
    const other = await t.session();
    const denied = await t.call(ep.remove, { as: other, params: { slug: company.slug }, body: { reason_to_delete: 'Nedlagt firma' } });
    expect(denied.status).toBe(403);
    expect((await t.call(ep.remove, { as: manager, params: { slug: company.slug }, body: invalid({}) })).status).toBe(422);
    expect((await t.call(ep.remove, { as: null, params: { slug: company.slug }, body: { reason_to_delete: 'Nedlagt' } })).status).toBe(401);
    expect((await t.call(ep.remove, { as: manager, params: { slug: company.slug }, body: { reason_to_delete: 'Nedlagt firma' } })).status).toBe(204);
    const [row] = await t.db.select().from(schema.partnerCompanies).where(eq(schema.partnerCompanies.id, company.id));
    expect(row!.deleted_at).not.toBeNull();
    expect(row!.reason_to_delete).toBe('Nedlagt firma');
    expect((await t.call(ep.show, { as: manager, params: { slug: company.slug } })).status).toBe(404);
  });
});

describe('GET /partner-company-posts/:slug', () => {
  it('pages posts newest first, searches, and shows archived ones to managers only', async () => {
    const { manager, company } = await managed(true);
    const base = Date.now();
    await t.db.insert(schema.posts).values([
      { slug: `p1-${uniqueToken()}`, partner_company_id: company.id, body: 'Vi åpner ny avdeling for hjertemedisin', created_at: new Date(base - 3000) },
      { slug: `p2-${uniqueToken()}`, partner_company_id: company.id, body: 'Ledig stilling som fastlege', created_at: new Date(base - 2000) },
      { slug: `p3-${uniqueToken()}`, partner_company_id: company.id, body: 'Gammel nyhet', archived_at: new Date(), created_at: new Date(base - 1000) },
    ]);
    const me = await t.session();
    const page = (await t.call(ep.posts, { as: me, params: { slug: company.slug } })).parsed;
    expect(page.data.map((p) => p.body)).toEqual(['Ledig stilling som fastlege', 'Vi åpner ny avdeling for hjertemedisin']);
    // The same post shape as the feed, so the page can like, share and open them.
    expect(page.data[0]).toMatchObject({ company: { id: company.id, slug: company.slug }, author: null, attachments: [], liked_by_me: false, is_mine: false, is_archived: false });
    const found = (await t.call(ep.posts, { as: me, params: { slug: company.slug }, query: { search: 'fastlege' } })).parsed;
    expect(found.data.map((p) => p.body)).toEqual(['Ledig stilling som fastlege']);
    const denied = await t.call(ep.posts, { as: me, params: { slug: company.slug }, query: { archive: '1' } });
    expect(denied.status).toBe(403);
    const archived = (await t.call(ep.posts, { as: manager, params: { slug: company.slug }, query: { archive: '1' } })).parsed;
    expect(archived.data.map((p) => p.body)).toEqual(['Gammel nyhet']);
    expect(archived.data[0]!.is_archived).toBe(true);
    expect((await t.call(ep.posts, { as: me, params: { slug: company.slug }, query: invalid({ archive: 'maybe' }) })).status).toBe(422);
    expect((await t.call(ep.posts, { as: me, params: { slug: `none-${uniqueToken()}` } })).status).toBe(404);
    expect((await t.call(ep.posts, { as: null, params: { slug: company.slug } })).status).toBe(401);
  });
});

describe('access gates, not-found and hostile input', () => {
  const HUGE_ID = '99999999999999999999';
  const multipart = (endpoint: typeof ep.create | typeof ep.update, as: Caller, body: BodyIn<typeof ep.create>, slug?: string) =>
    t.call(endpoint, { as, params: slug === undefined ? undefined : { slug }, body, locale: 'en' });

  it('every endpoint answers 401 anonymously and 403 account_in_review to accounts in review, changing nothing', async () => {
    const { company } = await managed(true);
    const inReview = await t.session({ status: 'in_review' });
    const cases: [Endpoint, Opts][] = [
      [ep.list, {}],
      [ep.show, { params: { slug: company.slug } }],
      [ep.followers, { params: { slug: company.slug } }],
      [ep.follow, { params: { slug: company.slug } }],
      [ep.unfollow, { params: { slug: company.slug } }],
      [ep.invite, { params: { slug: company.slug }, body: { users: [inReview.user.id] } }],
      [ep.settings, { params: { slug: company.slug }, body: { is_published: false } }],
      [ep.remove, { params: { slug: company.slug }, body: { reason_to_delete: 'Nedlagt firma' } }],
      [ep.posts, { params: { slug: company.slug } }],
    ];
    for (const [endpoint, opts] of cases) {
      const anonymous = await t.call(endpoint, { as: null, ...opts, locale: 'en' });
      expect([endpoint.path, anonymous.status, anonymous.error.message]).toEqual([endpoint.path, 401, 'You need to log in to continue.']);
      const refused = await t.call(endpoint, { as: inReview, ...opts });
      expect([endpoint.path, refused.status, refused.error.reason]).toEqual([endpoint.path, 403, 'account_in_review']);
    }
    const fields = { name: 'Firma AS', categories: String(companyCat) };
    for (const [endpoint, slug] of [[ep.create, undefined], [ep.update, company.slug]] as const) {
      expect([endpoint.path, (await multipart(endpoint, null, fields, slug)).status]).toEqual([endpoint.path, 401]);
      const refused = await multipart(endpoint, inReview, fields, slug);
      expect([endpoint.path, refused.status, refused.error.reason]).toEqual([endpoint.path, 403, 'account_in_review']);
    }
    const [row] = await t.db.select().from(schema.partnerCompanies).where(eq(schema.partnerCompanies.id, company.id));
    expect(row).toMatchObject({ name: company.name, is_published: true, deleted_at: null, followers_count: 0 });
  });

  it('unfollow is personal: 403 business_profile_active while acting as a company', async () => {
    const { manager, company } = await managed(true);
    const res = await t.call(ep.unfollow, { as: await tokenFor(t, manager.user, { actAs: company.id }), params: { slug: company.slug } });
    expect(res.status).toBe(403);
    expect(res.error.reason).toBe('business_profile_active');
  });

  it('answers 404 for unknown, deleted and (to non-managers) unpublished companies on every endpoint', async () => {
    const { manager, company: hidden } = await managed(false);
    const { manager: gone, company: deleted } = await managed(true);
    await t.call(ep.remove, { as: gone, params: { slug: deleted.slug }, body: { reason_to_delete: 'Nedlagt firma' } });
    const me = await t.session();
    const unknown = `none-${uniqueToken()}`;
    const cases: [Endpoint, Opts][] = [
      [ep.show, {}],
      [ep.followers, {}],
      [ep.follow, {}],
      [ep.unfollow, {}],
      [ep.invite, { body: { users: [me.user.id] } }],
      [ep.settings, { body: { is_published: true } }],
      [ep.remove, { body: { reason_to_delete: 'Nedlagt firma' } }],
      [ep.posts, {}],
      [ep.posts, { query: { archive: '1' } }],
    ];
    for (const [endpoint, opts] of cases) {
      for (const [who, slug] of [
        [me, unknown],
        [me, hidden.slug],
        [gone, deleted.slug],
      ] as const) {
        const res = await t.call(endpoint, { as: who, ...opts, params: { slug }, locale: 'en' });
        expect([endpoint.path, slug, res.status, res.error.message]).toEqual([endpoint.path, slug, 404, 'We could not find what you were looking for.']);
      }
    }
    for (const [who, slug] of [
      [me, hidden.slug],
      [gone, deleted.slug],
    ] as const) {
      expect((await multipart(ep.update, who, { name: 'Kapret AS', categories: String(companyCat) }, slug)).status).toBe(404);
    }
    // The unpublished company is untouched and still its managers' own.
    const own = (await t.call(ep.show, { as: manager, params: { slug: hidden.slug } })).parsed.data;
    expect(own).toMatchObject({ name: hidden.name, is_published: false, followers_count: 0 });
  });

  it('answers 422 with per-field messages for bad slugs, queries and bodies', async () => {
    const { manager, company } = await managed(true);
    const longSlug = 's'.repeat(201);
    const bad: [Endpoint, Opts, string, string][] = [
      [ep.show, { params: { slug: longSlug } }, 'slug', 'Can be at most 200 characters.'],
      [ep.followers, { params: { slug: longSlug } }, 'slug', 'Can be at most 200 characters.'],
      [ep.follow, { params: { slug: longSlug } }, 'slug', 'Can be at most 200 characters.'],
      [ep.unfollow, { params: { slug: longSlug } }, 'slug', 'Can be at most 200 characters.'],
      [ep.posts, { params: { slug: longSlug } }, 'slug', 'Can be at most 200 characters.'],
      [ep.list, { query: { name: 'x'.repeat(201) } }, 'name', 'Can be at most 200 characters.'],
      [ep.list, { query: { categories: HUGE_ID } }, 'categories.0', 'Can be at most 9007199254740991.'],
      [ep.list, { query: { categories: '-1' } }, 'categories.0', 'Must be greater than 0.'],
      [ep.list, { query: { page: HUGE_ID } }, 'page', 'Can be at most 100000.'],
      [ep.followers, { params: { slug: company.slug }, query: { page: 'abc' } }, 'page', 'Invalid value.'],
      [ep.posts, { params: { slug: company.slug }, query: { search: 'x'.repeat(201) } }, 'search', 'Can be at most 200 characters.'],
      [ep.invite, { params: { slug: company.slug }, body: { users: [HUGE_ID] } }, 'users.0', 'Can be at most 9007199254740991.'],
      [ep.invite, { params: { slug: company.slug }, body: { users: ['1; DROP TABLE users'] } }, 'users.0', 'Invalid value.'],
      [ep.invite, { params: { slug: company.slug }, body: { users: 'abc' } }, 'users', 'Invalid value.'],
      [ep.invite, { params: { slug: company.slug }, body: { users: Array.from({ length: 101 }, (_, i) => i + 1) } }, 'users', 'Choose at most 100.'],
      [ep.settings, { params: { slug: company.slug }, body: { is_published: null } }, 'is_published', 'Invalid value.'],
      [ep.settings, { params: { slug: company.slug }, body: { is_comments_allowed: 1 } }, 'is_comments_allowed', 'Invalid value.'],
      [ep.remove, { params: { slug: company.slug }, body: { reason_to_delete: 7 } }, 'reason_to_delete', 'Invalid value.'],
      [ep.remove, { params: { slug: company.slug }, body: { reason_to_delete: 'x'.repeat(2001) } }, 'reason_to_delete', 'Can be at most 2000 characters.'],
    ];
    for (const [endpoint, opts, field, message] of bad) {
      const res = await t.call(endpoint, { as: manager, ...opts, locale: 'en' });
      expect([endpoint.path, field, res.status, res.validation.errors?.[field]]).toEqual([endpoint.path, field, 422, expect.arrayContaining([message])]);
    }
    // Norwegian is the default language of the messages.
    const no = await t.call(ep.remove, { as: manager, params: { slug: company.slug }, body: { reason_to_delete: 'x'.repeat(2001) }, locale: 'no' });
    expect(no.status).toBe(422);
    expect(no.validation.errors.reason_to_delete).toEqual(['Kan være maks 2000 tegn.']);
    const [row] = await t.db.select().from(schema.partnerCompanies).where(eq(schema.partnerCompanies.id, company.id));
    expect(row).toMatchObject({ deleted_at: null, is_published: true });
  });

  it('ids beyond the database integer range are bad input (422), not a server error', async () => {
    const { manager, company } = await managed(true);
    const beyond = '2147483648';
    for (const [endpoint, slug] of [[ep.create, undefined], [ep.update, company.slug]] as const) {
      const res = await multipart(endpoint, manager, { name: `Stort Tall ${token}`, categories: `${companyCat},${beyond}` }, slug);
      expect([endpoint.path, res.status, Object.keys(res.validation.errors ?? {})]).toEqual([endpoint.path, 422, ['categories.1']]);
    }
    const listed = await t.call(ep.list, { as: manager, query: { categories: beyond } });
    expect(listed.status).toBe(422);
    const invited = await t.call(ep.invite, { as: manager, params: { slug: company.slug }, body: { users: [Number(beyond), 9007199254740991] } });
    expect(invited.status).toBe(422);
    expect(Object.keys(invited.validation.errors).sort()).toEqual(['users.0', 'users.1']);
  });

  it('stores emoji and SQL-looking names verbatim and searches them as text', async () => {
    const me = await t.session();
    const name = `Klinikk 😀 '); DROP TABLE partner_companies;-- ${token}`;
    const res = await multipart(ep.create, me, { name, categories: String(companyCat), description: '<script>alert(1)</script>' });
    expect(res.status).toBe(201);
    const created = res.parsed.data;
    expect(created).toMatchObject({ name, description: '<script>alert(1)</script>' });
    expect(created.slug).toMatch(/^[a-z0-9-]+$/);
    const emojiOnly = (await multipart(ep.create, me, { name: '😀😀😀', categories: String(companyCat) })).parsed.data;
    expect(emojiOnly.slug).toMatch(/^company(-[0-9a-f]+)?$/);
    const found = (await t.call(ep.list, { as: me, query: { name: "'); DROP TABLE" } })).parsed;
    expect(found.data.map((c) => c.id)).toContain(created.id);
    for (const name of ["' OR 1=1 --", '%', '_', '\\']) {
      const page = await t.call(ep.list, { as: me, query: { name } });
      expect([name, page.status]).toEqual([name, 200]);
      expect(page.parsed.data.map((c) => c.id)).not.toContain(emojiOnly.id);
    }
    const { company } = await managed(true);
    for (const search of ["'&|!:*() <-> \\", '😀', 'x'.repeat(200)]) {
      const page = await t.call(ep.posts, { as: me, params: { slug: company.slug }, query: { search } });
      expect([search.slice(0, 10), page.status]).toEqual([search.slice(0, 10), 200]);
    }
  });
});
