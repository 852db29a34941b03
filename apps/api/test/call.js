"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.invalid = exports.Invalid = void 0;
exports.callEndpoint = callEndpoint;
const contracts_1 = require("@legenett/contracts");
const zod_1 = require("zod");
const route_decorator_1 = require("../src/common/http/route.decorator");
/**
 * Input sent as is, outside the contract's types: for the bad-input cases (`body: invalid({ title: 1 })`).
 * The API must answer it with a 4xx, which the test asserts.
 */
class Invalid {
    value;
    constructor(value) {
        this.value = value;
    }
}
exports.Invalid = Invalid;
const invalid = (value) => new Invalid(value);
exports.invalid = invalid;
const VERBS = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' };
const valueOf = (input) => (input instanceof Invalid ? input.value : input);
/** `{ id: 3 }` -> path parameters as buildPath wants them (strings and numbers only). */
function pathParams(input) {
    const out = {};
    if (input && typeof input === 'object') {
        for (const [key, value] of Object.entries(input))
            out[key] = typeof value === 'number' ? value : String(value);
    }
    return out;
}
function formValue(field, value) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        return String(value);
    throw new Error(`multipart field ${field} must be a string, number or boolean, not ${JSON.stringify(value)}`);
}
const short = (value) => {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 2000 ? `${text.slice(0, 2000)} ...` : text;
};
/** Sends one request as described by `endpoint` and `options`; see CallOptions and Answer. */
async function callEndpoint(http, endpoint, options) {
    const url = `/api${(0, contracts_1.buildPath)(endpoint.path, pathParams(valueOf(options.params)))}`;
    let req = http[VERBS[endpoint.method]](url);
    if (options.as)
        req = req.set('Authorization', `Bearer ${options.as.accessToken}`);
    if (options.locale)
        req = req.set('X-localization', options.locale);
    for (const [name, value] of Object.entries(options.headers ?? {}))
        req = req.set(name, value);
    const query = valueOf(options.query);
    if (query !== undefined && query !== null) {
        if (typeof query !== 'object')
            throw new Error(`query of ${url} must be an object`);
        req = req.query(query);
    }
    const body = valueOf(options.body);
    if (options.files || endpoint.multipart) {
        if (body !== undefined && body !== null) {
            if (typeof body !== 'object')
                throw new Error(`multipart body of ${url} must be an object of fields`);
            for (const [field, value] of Object.entries(body)) {
                if (value !== undefined)
                    req = req.field(field, formValue(field, value));
            }
        }
        for (const [field, files] of Object.entries(options.files ?? {})) {
            for (const file of Array.isArray(files) ? files : [files])
                req = req.attach(field, file.buffer, file.name);
        }
    }
    else if (body !== undefined) {
        req = req.type('json').send(typeof body === 'string' ? body : JSON.stringify(body));
    }
    const res = await req;
    const where = `${endpoint.method} ${url} answered ${res.status}`;
    const ok = res.status >= 200 && res.status < 300;
    let parsed;
    if (ok) {
        const expected = (0, route_decorator_1.successStatus)(endpoint);
        if (res.status !== expected)
            throw new Error(`${where}, the descriptor says ${expected}: ${short(res.body)}`);
        if (endpoint.response) {
            const result = endpoint.response.safeParse(res.body);
            if (!result.success) {
                throw new Error(`${where} with a body the contract refuses:\n${zod_1.z.prettifyError(result.error)}\nbody: ${short(res.body)}`);
            }
            parsed = result.data;
        }
    }
    return {
        status: res.status,
        headers: res.headers,
        body: res.body,
        text: res.text,
        get parsed() {
            if (!ok)
                throw new Error(`${where}, not a success: ${short(res.body)}`);
            // The descriptor's own schema produced it; TypeScript cannot follow E through safeParse.
            return parsed;
        },
        get error() {
            if (ok || res.status === 422)
                throw new Error(`${where}, not an error answer: ${short(res.body)}`);
            return contracts_1.ErrorBodySchema.parse(res.body);
        },
        get validation() {
            if (res.status !== 422)
                throw new Error(`${where}, not a validation answer (422): ${short(res.body)}`);
            return contracts_1.ValidationErrorBodySchema.parse(res.body);
        },
    };
}
//# sourceMappingURL=call.js.map