"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.bearer = exports.TEST_PASSWORD = void 0;
exports.createUser = createUser;
exports.createCompany = createCompany;
exports.refreshCookieOf = refreshCookieOf;
exports.loginAs = loginAs;
exports.tokenFor = tokenFor;
const contracts_1 = require("@legenett/contracts");
const db_1 = require("@legenett/db");
const bcrypt_1 = require("bcrypt");
const users_1 = require("../src/modules/users");
/** The password of every test user unless a test sets its own (meets the password rule). */
exports.TEST_PASSWORD = 'Test!Pass2026';
const random = () => Math.random().toString(36).slice(2, 10);
// bcrypt at a low cost: the API compares any cost, and tests make many users.
const hashes = new Map();
const hashOf = (password) => {
    let hash = hashes.get(password);
    if (!hash) {
        hash = (0, bcrypt_1.hashSync)(password, 4);
        hashes.set(password, hash);
    }
    return hash;
};
async function roleIds(db, roles) {
    if (roles.length === 0)
        return [];
    // Roles are reference data; make sure they exist even when the seed package is not built.
    await db
        .insert(db_1.schema.roles)
        .values(roles.map((code) => ({ code, name: { no: code, en: code } })))
        .onConflictDoNothing({ target: db_1.schema.roles.code });
    const rows = await db.select({ id: db_1.schema.roles.id, code: db_1.schema.roles.code }).from(db_1.schema.roles);
    return rows.filter((r) => roles.includes(r.code)).map((r) => r.id);
}
/**
 * A user of this test's own: unique e-mail and slug, approved doctor with confirmed HPR by default.
 * `createUser(t.db, { status: 'in_review', roles: ['student'], approvedHrp: 0 })`.
 */
async function createUser(db, options = {}) {
    const token = random();
    const prefix = options.prefix ?? 'user';
    const email = options.email ?? `${prefix}-${token}@test.no`;
    const password = options.password ?? exports.TEST_PASSWORD;
    const firstName = options.firstName ?? 'Test';
    const lastName = options.lastName ?? `Bruker ${token}`;
    const slug = `${prefix}-${token}`;
    const [user] = await db
        .insert(db_1.schema.users)
        .values({
        email,
        password_hash: hashOf(password),
        first_name: firstName,
        last_name: lastName,
        slug,
        status: options.status ?? 'approved',
        locale: options.locale ?? 'no',
        email_verified_at: options.emailVerified === false ? null : new Date(),
        terms_accepted_at: new Date(),
        no_sensitive_info_accepted_at: new Date(),
    })
        .returning({ id: db_1.schema.users.id });
    const id = user.id;
    await db.insert(db_1.schema.userInfo).values({
        user_id: id,
        approved_hrp: options.approvedHrp ?? 2,
        hpr_number: options.hprNumber === undefined ? null : options.hprNumber,
        hpr_verified: (options.approvedHrp ?? 2) === 2,
    });
    const ids = await roleIds(db, options.roles ?? ['doctor']);
    if (ids.length > 0)
        await db.insert(db_1.schema.userRoles).values(ids.map((role_id) => ({ user_id: id, role_id })));
    return { id, email, password, slug, firstName, lastName };
}
/** A partner company (business profile) managed by `managers`. */
async function createCompany(db, options) {
    const token = random();
    const name = options.name ?? `Firma ${token} AS`;
    const [company] = await db
        .insert(db_1.schema.partnerCompanies)
        .values({ name, slug: `firma-${token}`, is_published: options.published ?? true })
        .returning({ id: db_1.schema.partnerCompanies.id, slug: db_1.schema.partnerCompanies.slug, name: db_1.schema.partnerCompanies.name });
    if (options.managers.length > 0) {
        await db
            .insert(db_1.schema.partnerCompanyManagers)
            .values(options.managers.map((user_id) => ({ partner_company_id: company.id, user_id })));
    }
    return company;
}
/** The `refresh_token=...` pair of a response's Set-Cookie header, if it set one. */
function refreshCookieOf(headers) {
    const raw = headers['set-cookie'];
    const cookies = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
    const found = cookies.find((c) => c.startsWith('refresh_token='));
    return found ? found.split(';')[0] : '';
}
/** Logs in through `POST /api/user/login` (counts against the login rate limits). */
async function loginAs(http, email, password = exports.TEST_PASSWORD) {
    const res = await http.post(`/api${contracts_1.authEndpoints.login.path}`).send({ email, password });
    if (res.status !== 200)
        throw new Error(`login of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
    const body = contracts_1.LoginResponseSchema.parse(res.body);
    return { accessToken: body.access_token, refreshCookie: refreshCookieOf(res.headers), user: body.user };
}
/**
 * A logged-in session for a user without going through HTTP (no rate limits, no password), e.g.
 * `const { accessToken } = await tokenFor(t, user)` then `.set('Authorization', `Bearer ${accessToken}`)`.
 * `actAs` starts the session as one of the user's business profiles.
 */
async function tokenFor(t, user, options = {}) {
    const sessions = t.app.get(users_1.SessionService, { strict: false });
    const userId = typeof user === 'number' ? user : user.id;
    const session = await sessions.openSession(userId, { userAgent: 'jest', ip: '127.0.0.1' });
    let response = session.response;
    if (options.actAs !== undefined) {
        await sessions.setActiveCompany(userId, session.familyId, options.actAs);
        response = await sessions.loginResponse(userId, session.familyId, options.actAs);
    }
    return { accessToken: response.access_token, refreshCookie: `refresh_token=${session.refreshToken}`, user: response.user };
}
/** `Authorization` header value of a session. */
const bearer = (session) => `Bearer ${session.accessToken}`;
exports.bearer = bearer;
//# sourceMappingURL=auth.js.map