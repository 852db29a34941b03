import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPath, COMPANY_LOGO_FIELD, companyEndpoints as ep, type Endpoint } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { bearer, createCompany, createUser, tokenFor } from '../../../test/auth';
import { fileRows } from '../../../test/files';
import { settleJobs } from '../../../test/jobs';
import { slugify } from './companies.service';

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

type Opts = { slug?: string; query?: Record<string, string | number>; body?: object; locale?: string };

function call(endpoint: Endpoint, auth: string | null, opts: Opts = {}) {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'delete' | 'patch' | 'put';
  let req = t.http[method](`/api${buildPath(endpoint.path, opts.slug ? { slug: opts.slug } : {})}`).set('X-localization', opts.locale ?? 'en');
  if (opts.query) req = req.query(opts.query);
  if (auth) req = req.set('Authorization', auth);
  if (opts.body) req = req.send(opts.body);
  return req;
}

async function session(options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, options);
  return { user, auth: bearer(await tokenFor(t, user)) };
}

async function managed(published = true) {
  const manager = await session({ roles: ['doctor', 'company_manager'] });
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
    const me = await session();
    const name = `Legeklinikk Ås ${token}`;
    const create = async () => {
      let req = t.http.post(`/api${ep.create.path}`).set('X-localization', 'en').set('Authorization', me.auth);
      req = req.field('name', name).field('categories', `${companyCat},${otherCat}`).field('description', 'Allmennlegekontor').field('email', 'post@klinikk.no');
      return req.attach(COMPANY_LOGO_FIELD, await logo(), 'logo.png');
    };
    const res = await create();
    expect(res.status).toBe(201);
    const body = ep.create.response.parse(res.body).data;
    expect(body).toMatchObject({ name, is_manager: true, is_published: false, followers_count: 0, email: 'post@klinikk.no' });
    expect(body.slug).toBe(slugify(name));
    expect(body.categories.map((c) => c.id)).toEqual([companyCat, otherCat]);
    expect(body.logo).toMatch(/^\/|^http/);
    const second = ep.create.response.parse((await create()).body).data;
    expect(second.slug).not.toBe(body.slug);
    const managers = await t.db.select().from(schema.partnerCompanyManagers).where(eq(schema.partnerCompanyManagers.partner_company_id, body.id));
    expect(managers.map((m) => m.user_id)).toEqual([me.user.id]);
  });

  it('answers 422 for a missing name or a non-company category, 401 anonymous, 403 as a company', async () => {
    const me = await session();
    const noName = await t.http.post(`/api${ep.create.path}`).set('X-localization', 'no').set('Authorization', me.auth).field('categories', String(companyCat));
    expect(noName.status).toBe(422);
    expect(noName.body.errors.name).toBeDefined();
    const badCat = await t.http.post(`/api${ep.create.path}`).set('Authorization', me.auth).field('name', 'Firma').field('categories', String(productCat));
    expect(badCat.status).toBe(422);
    expect(badCat.body.errors.categories).toBeDefined();
    const script = await t.http
      .post(`/api${ep.create.path}`)
      .set('X-localization', 'en')
      .set('Authorization', me.auth)
      .field('name', 'Firma')
      .field('categories', String(companyCat))
      .field('website', 'javascript:alert(1)');
    expect(script.status).toBe(422);
    expect(script.body.errors.website).toEqual(['Invalid link.']);
    const bare = await t.http
      .post(`/api${ep.create.path}`)
      .set('Authorization', me.auth)
      .field('name', `Nettside ${Date.now()}`)
      .field('categories', String(companyCat))
      .field('website', 'legenett.no/om');
    expect(bare.status).toBe(201);
    expect(ep.create.response.parse(bare.body).data.website).toBe('https://legenett.no/om');
    expect((await t.http.post(`/api${ep.create.path}`).field('name', 'Firma')).status).toBe(401);
    const { manager, company } = await managed();
    const asCompany = await t.http
      .post(`/api${ep.create.path}`)
      .set('Authorization', bearer(await tokenFor(t, manager.user, { actAs: company.id })))
      .field('name', 'Firma')
      .field('categories', String(companyCat));
    expect(asCompany.status).toBe(403);
    expect(asCompany.body.reason).toBe('business_profile_active');
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
    const me = await session();
    const seen = ep.list.response.parse((await call(ep.list, me.auth, { query: { name: token, per_page: 50 } })).body);
    const ids = seen.data.map((c) => c.id);
    expect(ids).toContain(pub.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(mineHidden.id);
    const asManager = ep.list.response.parse((await call(ep.list, manager.auth, { query: { name: token, per_page: 50 } })).body);
    expect(asManager.data.map((c) => c.id)).toContain(mineHidden.id);
    const byCat = ep.list.response.parse((await call(ep.list, me.auth, { query: { categories: `${otherCat}`, per_page: 50 } })).body);
    expect(byCat.data.map((c) => c.id)).not.toContain(pub.id);
    const byCat2 = ep.list.response.parse((await call(ep.list, me.auth, { query: { categories: `${companyCat},${otherCat}`, per_page: 50 } })).body);
    expect(byCat2.data.find((c) => c.id === pub.id)!.categories.map((c) => c.id)).toEqual([companyCat]);
    expect((await call(ep.list, me.auth, { query: { categories: 'abc' } })).status).toBe(422);
    expect((await call(ep.list, null)).status).toBe(401);
    const inReview = await session({ status: 'in_review' });
    expect((await call(ep.list, inReview.auth)).status).toBe(403);
  });

  it('shows a published page to members, an unpublished one to managers only, 404 otherwise', async () => {
    const { manager, company } = await managed(false);
    const me = await session();
    expect((await call(ep.show, me.auth, { slug: company.slug })).status).toBe(404);
    const own = ep.show.response.parse((await call(ep.show, manager.auth, { slug: company.slug })).body).data;
    expect(own).toMatchObject({ id: company.id, is_manager: true, followed_by_me: false, followers_count: 0 });
    expect((await call(ep.show, me.auth, { slug: `none-${uniqueToken()}` })).status).toBe(404);
    // Acting as the company still shows it (company endpoints act for the company).
    const asCompany = bearer(await tokenFor(t, manager.user, { actAs: company.id }));
    expect((await call(ep.show, asCompany, { slug: company.slug })).status).toBe(200);
  });
});

describe('follow, unfollow, followers', () => {
  it('follows idempotently with a followers count, lists followers and unfollows', async () => {
    const { manager, company } = await managed(true);
    const a = await session();
    const b = await session();
    for (let i = 0; i < 2; i++) {
      const res = await call(ep.follow, a.auth, { slug: company.slug });
      expect(res.status).toBe(200);
      expect(ep.follow.response.parse(res.body).data).toEqual({ following: true, followers_count: 1 });
    }
    await call(ep.follow, b.auth, { slug: company.slug });
    const shown = ep.show.response.parse((await call(ep.show, a.auth, { slug: company.slug })).body).data;
    expect(shown).toMatchObject({ followed_by_me: true, followers_count: 2, is_manager: false });
    const followers = ep.followers.response.parse((await call(ep.followers, manager.auth, { slug: company.slug, query: { per_page: 1 } })).body);
    expect(followers.meta.total).toBe(2);
    expect(followers.data.map((u) => u.id)).toEqual([b.user.id]);
    for (let i = 0; i < 2; i++) {
      const res = await call(ep.unfollow, a.auth, { slug: company.slug });
      expect(ep.unfollow.response.parse(res.body).data).toEqual({ following: false, followers_count: 1 });
    }
  });

  it('refuses unpublished (404), anonymous (401), business-profile mode (403) and bad pages (422)', async () => {
    const { manager, company } = await managed(false);
    const me = await session();
    expect((await call(ep.follow, me.auth, { slug: company.slug })).status).toBe(404);
    expect((await call(ep.followers, me.auth, { slug: company.slug })).status).toBe(404);
    expect((await call(ep.follow, null, { slug: company.slug })).status).toBe(401);
    const asCompany = bearer(await tokenFor(t, manager.user, { actAs: company.id }));
    const r = await call(ep.follow, asCompany, { slug: company.slug });
    expect(r.status).toBe(403);
    expect(r.body.reason).toBe('business_profile_active');
    expect((await call(ep.followers, manager.auth, { slug: company.slug, query: { per_page: 999 } })).status).toBe(422);
  });
});

describe('POST /partner-company/:slug/follow-invitation', () => {
  it('invites members once and notifies each through the queue; managers only', async () => {
    const { manager, company } = await managed(true);
    const x = await createUser(t.db);
    const y = await createUser(t.db);
    const res = await call(ep.invite, manager.auth, { slug: company.slug, body: { users: [x.id, y.id, manager.user.id, 99999999] } });
    expect(res.status).toBe(200);
    expect(ep.invite.response.parse(res.body).data.invited.sort()).toEqual([x.id, y.id].sort());
    const again = ep.invite.response.parse((await call(ep.invite, manager.auth, { slug: company.slug, body: { users: [x.id] } })).body);
    expect(again.data.invited).toEqual([]);
    await settleJobs(t);
    const notes = await t.db.select().from(schema.notifications).where(eq(schema.notifications.user_id, x.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'follow_invitation', partner_company_id: company.id, actor_user_id: manager.user.id, entity_type: 'follow_invitation' });
    const other = await session();
    const denied = await call(ep.invite, other.auth, { slug: company.slug, body: { users: [x.id] } });
    expect(denied.status).toBe(403);
    expect(denied.body.reason).toBe('not_owner');
    expect((await call(ep.invite, manager.auth, { slug: company.slug, body: { users: [] } })).status).toBe(422);
    expect((await call(ep.invite, null, { slug: company.slug, body: { users: [x.id] } })).status).toBe(401);
  });
});

describe('POST /partner-companies/:slug (edit details)', () => {
  const edit = (slug: string, auth: string | null, fields: Record<string, string>, withLogo?: Buffer) => {
    let req = t.http.post(`/api${buildPath(ep.update.path, { slug })}`).set('X-localization', 'en');
    if (auth) req = req.set('Authorization', auth);
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return withLogo ? req.attach(COMPANY_LOGO_FIELD, withLogo, 'logo.png') : req;
  };

  it('lets a manager change details, categories and logo; the slug stays and the old logo file goes', async () => {
    const { manager, company } = await managed();
    const first = ep.update.response.parse((await edit(company.slug, manager.auth, { name: 'Nytt Navn AS', categories: String(companyCat) }, await logo())).body).data;
    const oldLogo = first.logo!;
    expect((await fileRows(t.db, oldLogo)).map((r) => [r.kind, r.variant, r.owner_user_id])).toEqual([
      ['company_logo', 'lg', manager.user.id],
      ['company_logo', 'sm', manager.user.id],
    ]);
    const res = await edit(company.slug, manager.auth, { name: 'Nytt Navn AS', categories: `${otherCat}`, website: 'nyttnavn.no', phone: '+47 22 00 00 00' }, await logo());
    expect(res.status).toBe(200);
    const body = ep.update.response.parse(res.body).data;
    expect(body).toMatchObject({ slug: company.slug, name: 'Nytt Navn AS', website: 'https://nyttnavn.no', phone: '+47 22 00 00 00' });
    expect(body.categories.map((c) => c.id)).toEqual([otherCat]);
    expect(body.logo).not.toBe(oldLogo);
    expect((await t.http.get(oldLogo)).status).toBe(404);
    expect(await fileRows(t.db, oldLogo)).toEqual([]);
    expect((await t.http.get(body.logo!)).status).toBe(200);
    // Without a new logo the logo is kept.
    const kept = ep.update.response.parse((await edit(company.slug, manager.auth, { name: 'Nytt Navn AS', categories: `${otherCat}` })).body).data;
    expect(kept.logo).toBe(body.logo);
  });

  it('answers 403 to a non-manager, 404 for an unknown company, 401 anonymously, 422 for bad input', async () => {
    const { manager, company } = await managed();
    const other = await session();
    const refused = await edit(company.slug, other.auth, { name: 'Kapret', categories: String(companyCat) });
    expect(refused.status).toBe(403);
    expect((await edit(`none-${uniqueToken()}`, manager.auth, { name: 'X AS', categories: String(companyCat) })).status).toBe(404);
    expect((await edit(company.slug, null, { name: 'X AS', categories: String(companyCat) })).status).toBe(401);
    const bad = await edit(company.slug, manager.auth, { name: 'X', categories: String(productCat), website: 'ftp://x.no' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name', 'website']);
    const badCategory = await edit(company.slug, manager.auth, { name: 'Gyldig AS', categories: String(productCat) });
    expect(badCategory.status).toBe(422);
    expect(badCategory.body.errors.categories).toBeDefined();
    const notImage = await edit(company.slug, manager.auth, { name: 'Gyldig AS', categories: String(companyCat) }, Buffer.from('not an image at all'));
    expect(notImage.status).toBe(422);
    const unchanged = ep.show.response.parse((await call(ep.show, manager.auth, { slug: company.slug })).body).data;
    expect(unchanged.name).toBe(company.name);
  });
});

describe('PATCH settings and DELETE', () => {
  it('lets managers publish and switch comments; others get 403 (public) or 404 (unpublished)', async () => {
    const { manager, company } = await managed(false);
    const other = await session();
    expect((await call(ep.settings, other.auth, { slug: company.slug, body: { is_published: true } })).status).toBe(404);
    const res = await call(ep.settings, manager.auth, { slug: company.slug, body: { is_published: true, is_comments_allowed: false } });
    expect(res.status).toBe(200);
    expect(ep.settings.response.parse(res.body).data).toMatchObject({ is_published: true, is_comments_allowed: false });
    const denied = await call(ep.settings, other.auth, { slug: company.slug, body: { is_published: false } });
    expect(denied.status).toBe(403);
    expect(denied.body.reason).toBe('not_owner');
    expect((await call(ep.settings, manager.auth, { slug: company.slug, body: {} })).status).toBe(422);
    expect((await call(ep.settings, manager.auth, { slug: company.slug, body: { is_published: 'yes' } })).status).toBe(422);
    // Business-profile mode: the manager acting as the company may change it.
    const asCompany = bearer(await tokenFor(t, manager.user, { actAs: company.id }));
    expect((await call(ep.settings, asCompany, { slug: company.slug, body: { is_comments_allowed: true } })).status).toBe(200);
  });

  it('soft-deletes with a reason (managers only); the page is gone afterwards', async () => {
    const { manager, company } = await managed(true);
    const other = await session();
    const denied = await call(ep.remove, other.auth, { slug: company.slug, body: { reason_to_delete: 'Nedlagt firma' } });
    expect(denied.status).toBe(403);
    expect((await call(ep.remove, manager.auth, { slug: company.slug, body: {} })).status).toBe(422);
    expect((await call(ep.remove, null, { slug: company.slug, body: { reason_to_delete: 'Nedlagt' } })).status).toBe(401);
    expect((await call(ep.remove, manager.auth, { slug: company.slug, body: { reason_to_delete: 'Nedlagt firma' } })).status).toBe(204);
    const [row] = await t.db.select().from(schema.partnerCompanies).where(eq(schema.partnerCompanies.id, company.id));
    expect(row!.deleted_at).not.toBeNull();
    expect(row!.reason_to_delete).toBe('Nedlagt firma');
    expect((await call(ep.show, manager.auth, { slug: company.slug })).status).toBe(404);
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
    const me = await session();
    const page = ep.posts.response.parse((await call(ep.posts, me.auth, { slug: company.slug })).body);
    expect(page.data.map((p) => p.body)).toEqual(['Ledig stilling som fastlege', 'Vi åpner ny avdeling for hjertemedisin']);
    // The same post shape as the feed, so the page can like, share and open them.
    expect(page.data[0]).toMatchObject({ company: { id: company.id, slug: company.slug }, author: null, attachments: [], liked_by_me: false, is_mine: false, is_archived: false });
    const found = ep.posts.response.parse((await call(ep.posts, me.auth, { slug: company.slug, query: { search: 'fastlege' } })).body);
    expect(found.data.map((p) => p.body)).toEqual(['Ledig stilling som fastlege']);
    const denied = await call(ep.posts, me.auth, { slug: company.slug, query: { archive: 1 } });
    expect(denied.status).toBe(403);
    const archived = ep.posts.response.parse((await call(ep.posts, manager.auth, { slug: company.slug, query: { archive: 1 } })).body);
    expect(archived.data.map((p) => p.body)).toEqual(['Gammel nyhet']);
    expect(archived.data[0]!.is_archived).toBe(true);
    expect((await call(ep.posts, me.auth, { slug: company.slug, query: { archive: 'maybe' } })).status).toBe(422);
    expect((await call(ep.posts, me.auth, { slug: `none-${uniqueToken()}` })).status).toBe(404);
    expect((await call(ep.posts, null, { slug: company.slug })).status).toBe(401);
  });
});

describe('access gates, not-found and hostile input', () => {
  const HUGE_ID = '99999999999999999999';
  const multipart = (path: string, auth: string | null, fields: Record<string, string>) => {
    let req = t.http.post(`/api${path}`).set('X-localization', 'en');
    if (auth) req = req.set('Authorization', auth);
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req;
  };

  it('every endpoint answers 401 anonymously and 403 account_in_review to accounts in review, changing nothing', async () => {
    const { company } = await managed(true);
    const inReview = await session({ status: 'in_review' });
    const cases: [Endpoint, Opts][] = [
      [ep.list, {}],
      [ep.show, { slug: company.slug }],
      [ep.followers, { slug: company.slug }],
      [ep.follow, { slug: company.slug }],
      [ep.unfollow, { slug: company.slug }],
      [ep.invite, { slug: company.slug, body: { users: [inReview.user.id] } }],
      [ep.settings, { slug: company.slug, body: { is_published: false } }],
      [ep.remove, { slug: company.slug, body: { reason_to_delete: 'Nedlagt firma' } }],
      [ep.posts, { slug: company.slug }],
    ];
    for (const [endpoint, opts] of cases) {
      const anonymous = await call(endpoint, null, opts);
      expect([endpoint.path, anonymous.status, anonymous.body.message]).toEqual([endpoint.path, 401, 'You need to log in to continue.']);
      const refused = await call(endpoint, inReview.auth, opts);
      expect([endpoint.path, refused.status, refused.body.reason]).toEqual([endpoint.path, 403, 'account_in_review']);
    }
    const fields = { name: 'Firma AS', categories: String(companyCat) };
    for (const path of [ep.create.path, buildPath(ep.update.path, { slug: company.slug })]) {
      expect([path, (await multipart(path, null, fields)).status]).toEqual([path, 401]);
      const refused = await multipart(path, inReview.auth, fields);
      expect([path, refused.status, refused.body.reason]).toEqual([path, 403, 'account_in_review']);
    }
    const [row] = await t.db.select().from(schema.partnerCompanies).where(eq(schema.partnerCompanies.id, company.id));
    expect(row).toMatchObject({ name: company.name, is_published: true, deleted_at: null, followers_count: 0 });
  });

  it('unfollow is personal: 403 business_profile_active while acting as a company', async () => {
    const { manager, company } = await managed(true);
    const res = await call(ep.unfollow, bearer(await tokenFor(t, manager.user, { actAs: company.id })), { slug: company.slug });
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('business_profile_active');
  });

  it('answers 404 for unknown, deleted and (to non-managers) unpublished companies on every endpoint', async () => {
    const { manager, company: hidden } = await managed(false);
    const { manager: gone, company: deleted } = await managed(true);
    await call(ep.remove, gone.auth, { slug: deleted.slug, body: { reason_to_delete: 'Nedlagt firma' } });
    const me = await session();
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
      [ep.posts, { query: { archive: 1 } }],
    ];
    for (const [endpoint, opts] of cases) {
      for (const [who, slug] of [
        [me.auth, unknown],
        [me.auth, hidden.slug],
        [gone.auth, deleted.slug],
      ] as const) {
        const res = await call(endpoint, who, { ...opts, slug });
        expect([endpoint.path, slug, res.status, res.body.message]).toEqual([endpoint.path, slug, 404, 'We could not find what you were looking for.']);
      }
    }
    for (const [who, slug] of [
      [me.auth, hidden.slug],
      [gone.auth, deleted.slug],
    ] as const) {
      expect((await multipart(buildPath(ep.update.path, { slug }), who, { name: 'Kapret AS', categories: String(companyCat) })).status).toBe(404);
    }
    // The unpublished company is untouched and still its managers' own.
    const own = ep.show.response.parse((await call(ep.show, manager.auth, { slug: hidden.slug })).body).data;
    expect(own).toMatchObject({ name: hidden.name, is_published: false, followers_count: 0 });
  });

  it('answers 422 with per-field messages for bad slugs, queries and bodies', async () => {
    const { manager, company } = await managed(true);
    const longSlug = 's'.repeat(201);
    const bad: [Endpoint, Opts, string, string][] = [
      [ep.show, { slug: longSlug }, 'slug', 'Can be at most 200 characters.'],
      [ep.followers, { slug: longSlug }, 'slug', 'Can be at most 200 characters.'],
      [ep.follow, { slug: longSlug }, 'slug', 'Can be at most 200 characters.'],
      [ep.unfollow, { slug: longSlug }, 'slug', 'Can be at most 200 characters.'],
      [ep.posts, { slug: longSlug }, 'slug', 'Can be at most 200 characters.'],
      [ep.list, { query: { name: 'x'.repeat(201) } }, 'name', 'Can be at most 200 characters.'],
      [ep.list, { query: { categories: HUGE_ID } }, 'categories.0', 'Can be at most 9007199254740991.'],
      [ep.list, { query: { categories: '-1' } }, 'categories.0', 'Must be greater than 0.'],
      [ep.list, { query: { page: HUGE_ID } }, 'page', 'Can be at most 100000.'],
      [ep.followers, { slug: company.slug, query: { page: 'abc' } }, 'page', 'Invalid value.'],
      [ep.posts, { slug: company.slug, query: { search: 'x'.repeat(201) } }, 'search', 'Can be at most 200 characters.'],
      [ep.invite, { slug: company.slug, body: { users: [HUGE_ID] } }, 'users.0', 'Can be at most 9007199254740991.'],
      [ep.invite, { slug: company.slug, body: { users: ['1; DROP TABLE users'] } }, 'users.0', 'Invalid value.'],
      [ep.invite, { slug: company.slug, body: { users: 'abc' } }, 'users', 'Invalid value.'],
      [ep.invite, { slug: company.slug, body: { users: Array.from({ length: 101 }, (_, i) => i + 1) } }, 'users', 'Choose at most 100.'],
      [ep.settings, { slug: company.slug, body: { is_published: null } }, 'is_published', 'Invalid value.'],
      [ep.settings, { slug: company.slug, body: { is_comments_allowed: 1 } }, 'is_comments_allowed', 'Invalid value.'],
      [ep.remove, { slug: company.slug, body: { reason_to_delete: 7 } }, 'reason_to_delete', 'Invalid value.'],
      [ep.remove, { slug: company.slug, body: { reason_to_delete: 'x'.repeat(2001) } }, 'reason_to_delete', 'Can be at most 2000 characters.'],
    ];
    for (const [endpoint, opts, field, message] of bad) {
      const res = await call(endpoint, manager.auth, opts);
      expect([endpoint.path, field, res.status, res.body.errors?.[field]]).toEqual([endpoint.path, field, 422, expect.arrayContaining([message])]);
    }
    // Norwegian is the default language of the messages.
    const no = await call(ep.remove, manager.auth, { slug: company.slug, body: { reason_to_delete: 'x'.repeat(2001) }, locale: 'no' });
    expect(no.status).toBe(422);
    expect(no.body.errors.reason_to_delete).toEqual(['Kan være maks 2000 tegn.']);
    const [row] = await t.db.select().from(schema.partnerCompanies).where(eq(schema.partnerCompanies.id, company.id));
    expect(row).toMatchObject({ deleted_at: null, is_published: true });
  });

  it('ids beyond the database integer range are bad input (422), not a server error', async () => {
    const { manager, company } = await managed(true);
    const beyond = '2147483648';
    for (const path of [ep.create.path, buildPath(ep.update.path, { slug: company.slug })]) {
      const res = await multipart(path, manager.auth, { name: `Stort Tall ${token}`, categories: `${companyCat},${beyond}` });
      expect([path, res.status, Object.keys(res.body.errors ?? {})]).toEqual([path, 422, ['categories.1']]);
    }
    const listed = await call(ep.list, manager.auth, { query: { categories: beyond } });
    expect(listed.status).toBe(422);
    const invited = await call(ep.invite, manager.auth, { slug: company.slug, body: { users: [Number(beyond), 9007199254740991] } });
    expect(invited.status).toBe(422);
    expect(Object.keys(invited.body.errors).sort()).toEqual(['users.0', 'users.1']);
  });

  it('stores emoji and SQL-looking names verbatim and searches them as text', async () => {
    const me = await session();
    const name = `Klinikk 😀 '); DROP TABLE partner_companies;-- ${token}`;
    const res = await multipart(ep.create.path, me.auth, { name, categories: String(companyCat), description: '<script>alert(1)</script>' });
    expect(res.status).toBe(201);
    const created = ep.create.response.parse(res.body).data;
    expect(created).toMatchObject({ name, description: '<script>alert(1)</script>' });
    expect(created.slug).toMatch(/^[a-z0-9-]+$/);
    const emojiOnly = ep.create.response.parse((await multipart(ep.create.path, me.auth, { name: '😀😀😀', categories: String(companyCat) })).body).data;
    expect(emojiOnly.slug).toMatch(/^company(-[0-9a-f]+)?$/);
    const found = ep.list.response.parse((await call(ep.list, me.auth, { query: { name: "'); DROP TABLE" } })).body);
    expect(found.data.map((c) => c.id)).toContain(created.id);
    for (const name of ["' OR 1=1 --", '%', '_', '\\']) {
      const page = await call(ep.list, me.auth, { query: { name } });
      expect([name, page.status]).toEqual([name, 200]);
      expect(ep.list.response.parse(page.body).data.map((c) => c.id)).not.toContain(emojiOnly.id);
    }
    const { company } = await managed(true);
    for (const search of ["'&|!:*() <-> \\", '😀', 'x'.repeat(200)]) {
      const page = await call(ep.posts, me.auth, { slug: company.slug, query: { search } });
      expect([search.slice(0, 10), page.status]).toEqual([search.slice(0, 10), 200]);
    }
  });
});
