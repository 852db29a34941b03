"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.uniqueToken = exports.createApp = void 0;
exports.makeWebDist = makeWebDist;
exports.testAppEnv = testAppEnv;
exports.createTestApp = createTestApp;
const node_fs_1 = __importDefault(require("node:fs"));
const node_os_1 = __importDefault(require("node:os"));
const node_path_1 = __importDefault(require("node:path"));
const db_1 = require("@legenett/db");
const supertest_1 = __importDefault(require("supertest"));
const app_1 = require("../src/app");
Object.defineProperty(exports, "createApp", { enumerable: true, get: function () { return app_1.createApp; } });
const auth_1 = require("./auth");
const call_1 = require("./call");
const test_database_1 = require("./test-database");
/** A fake SPA build: index.html plus one hashed asset. */
function makeWebDist() {
    const dir = node_fs_1.default.mkdtempSync(node_path_1.default.join(node_os_1.default.tmpdir(), 'legenett-web-'));
    node_fs_1.default.mkdirSync(node_path_1.default.join(dir, 'assets'));
    node_fs_1.default.writeFileSync(node_path_1.default.join(dir, 'index.html'), '<!doctype html><html lang="no"><body><div id="root">Legenett SPA</div></body></html>');
    node_fs_1.default.writeFileSync(node_path_1.default.join(dir, 'assets', 'index-AbCdEf12.js'), 'console.log("app");');
    node_fs_1.default.writeFileSync(node_path_1.default.join(dir, 'robots.txt'), 'User-agent: *\n');
    return dir;
}
/**
 * The environment of a test app: this run's database and keys, quiet logs, no maintenance caching, no
 * periodic housekeeping, no Redis; `overrides` win (a test with its own database passes DATABASE_URL).
 */
function testAppEnv(overrides = {}) {
    const { url, jwtSecret, twoFactorEncryptionKey, nationalIdHashKey } = (0, test_database_1.readTestDatabase)();
    return {
        NODE_ENV: 'test',
        DATABASE_URL: url,
        LOG_LEVEL: 'silent',
        REDIS_URL: '',
        MAINTENANCE_MODE: 'false',
        MAINTENANCE_CACHE_MS: '0',
        // Tests run the purge themselves (housekeeping.int-spec.ts), not on every app start.
        HOUSEKEEPING_INTERVAL_MINUTES: '0',
        COURSE_REMINDER_SWEEP_SECONDS: '0',
        DIGEST_SWEEP_SECONDS: '0',
        JWT_SECRET: jwtSecret,
        TWO_FACTOR_ENCRYPTION_KEY: twoFactorEncryptionKey,
        NATIONAL_ID_HASH_KEY: nationalIdHashKey,
        // One log key per run (replicas of a test agree); the sequencer and counter run when a test says so.
        PETITION_LOG_SIGNING_KEY: `petition-log:${jwtSecret}`,
        PETITION_LOG_SEQUENCE_MS: '0',
        PETITION_COUNT_INTERVAL_MS: '0',
        ...overrides,
    };
}
/**
 * The real application (createApp) on this run's test database, with quiet logs, a fixture SPA
 * build, no maintenance caching and no periodic housekeeping unless a test overrides `env`.
 */
async function createTestApp(options = {}) {
    const { url } = (0, test_database_1.readTestDatabase)();
    const webDistDir = makeWebDist();
    const app = await (0, app_1.createApp)({ env: testAppEnv({ WEB_DIST_DIR: webDistDir, ...options.env }), imports: options.imports });
    const handle = (0, db_1.createDatabase)(url, { max: 2 });
    const http = (0, supertest_1.default)(app.getHttpServer());
    const t = {
        app,
        http,
        db: handle.db,
        webDistDir,
        call: (endpoint, callOptions) => (0, call_1.callEndpoint)(http, endpoint, callOptions),
        async session({ actAs, ...userOptions } = {}) {
            const user = await (0, auth_1.createUser)(handle.db, userOptions);
            const session = await (0, auth_1.tokenFor)(t, user, { actAs });
            return { user, accessToken: session.accessToken, refreshCookie: session.refreshCookie, account: session.user };
        },
        async close() {
            await app.close();
            await handle.close();
            node_fs_1.default.rmSync(webDistDir, { recursive: true, force: true });
        },
    };
    return t;
}
/** A short unique token so each test's rows are its own (`Testby-k3x9`). */
const uniqueToken = () => Math.random().toString(36).slice(2, 8);
exports.uniqueToken = uniqueToken;
//# sourceMappingURL=app.js.map