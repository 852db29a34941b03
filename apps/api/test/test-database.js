"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.TEST_DB_ENV = void 0;
exports.readTestDatabase = readTestDatabase;
const node_fs_1 = __importDefault(require("node:fs"));
/** global-setup writes this run's database info to a file and names the file in this variable. */
exports.TEST_DB_ENV = 'LEGENETT_TEST_DB_FILE';
function readTestDatabase() {
    const file = process.env[exports.TEST_DB_ENV];
    if (!file || !node_fs_1.default.existsSync(file))
        throw new Error('No test database: run the tier with `npm run test:int`');
    return JSON.parse(node_fs_1.default.readFileSync(file, 'utf8'));
}
//# sourceMappingURL=test-database.js.map