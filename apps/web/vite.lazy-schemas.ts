import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';

/** Schema factories of `common.ts` (a call of one builds a schema). */
const SCHEMA_FACTORIES = new Set(['dataOf', 'pageOf', 'listOf', 'isoDate', 'isoDateTime', 'readable', 'optionalText']);
/** The fields of an endpoint descriptor that hold schemas (`Endpoint` in endpoint.ts). */
const ENDPOINT_SCHEMA_FIELDS = new Set(['params', 'query', 'body', 'response']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The identifier a call chain starts from: `z` in `z.string().min(1)`, `UserSchema` in `UserSchema.extend({})`. */
function rootName(node: Node): string | null {
  if (node.type === 'Identifier') return node.name as string;
  if (node.type === 'MemberExpression' && isNode(node.object)) return rootName(node.object);
  if (node.type === 'CallExpression' && isNode(node.callee)) return rootName(node.callee);
  return null;
}

/**
 * The contracts' schemas, built when first used instead of when their module is evaluated (the web's
 * build and tests only; the API keeps the contracts as they are).
 *
 * Every contracts module the web needs builds all its schemas when it is evaluated: `/feed`'s start-up
 * built ~200 (the user's, the session's, the posts', the network's, with every request body and answer
 * of those areas), ~300-500 ms of main thread on a phone (CPU 4x slower) before the first paint, where
 * the page then parses two answers. Here a schema is built when something first reads it (a parse, a
 * form's resolver, another schema built from it), so a page builds the schemas of the calls it makes.
 *
 * What is deferred, in each `packages/contracts/src/*.ts` (after TypeScript is stripped):
 * - a top-level `const` built by a zod call chain (`z.…`), from another deferred schema of the module or
 *   an imported `…Schema` (`UserSchema.extend(…)`), or by a schema factory of common.ts (`pageOf(…)`);
 * - the `params`, `query`, `body` and `response` of a `defineEndpoint({…})` when they are such a call.
 * Anything else (constants, arrays, functions, other calls) stays as it is. The stand-in checks that
 * what it built is a zod schema and says which one when not (`src/shared/lib/lazy-schema.ts`).
 */
export function lazySchemas() {
  const contractsSrc = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));
  // The stand-in every deferred schema is made with.
  const runtime = fileURLToPath(new URL('./src/shared/lib/lazy-schema.ts', import.meta.url));
  return {
    name: 'legenett-lazy-schemas',
    transform(code: string, id: string) {
      if (!id.startsWith(contractsSrc) || id.includes('?') || !/\.ts$/.test(id)) return null;
      const edits = deferSchemas(code);
      if (edits.length === 0) return null;
      let out = code;
      for (const edit of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, edit.at) + edit.text + out.slice(edit.at);
      // Put on the first line (no new line), so the module keeps its line numbers in stack traces.
      return { code: `import { lazySchema as __lazySchema } from ${JSON.stringify(runtime)};${out}`, map: null, moduleSideEffects: false as const };
    },
  };
}

interface Edit {
  at: number;
  text: string;
}

/** The insertions that defer the module's schemas (JavaScript source: after TypeScript is stripped). */
export function deferSchemas(code: string): Edit[] {
  const program = parseAst(code) as unknown as { body: Node[] };
  const deferred = new Set<string>();
  const edits: Edit[] = [];
  const isSchemaCall = (node: Node): boolean => {
    if (node.type !== 'CallExpression') return false;
    const root = rootName(node);
    if (root === null) return false;
    if (root === 'z' || deferred.has(root) || root.endsWith('Schema')) return isNode(node.callee) && node.callee.type === 'MemberExpression';
    return SCHEMA_FACTORIES.has(root) && isNode(node.callee) && node.callee.type === 'Identifier';
  };
  const wrap = (node: Node, name: string) => {
    edits.push({ at: node.start, text: `__lazySchema(${JSON.stringify(name)}, () => (` }, { at: node.end, text: '))' });
  };
  const endpointFields = (node: Node, name: string) => {
    // defineEndpoint({ … }) directly, or an object of them ({ list: defineEndpoint({ … }), … }).
    if (node.type === 'ObjectExpression') {
      for (const property of node.properties as Node[])
        if (property.type === 'Property' && isNode(property.value)) endpointFields(property.value, name);
      return;
    }
    if (node.type !== 'CallExpression' || !isNode(node.callee) || node.callee.type !== 'Identifier') return;
    if (node.callee.name !== 'defineEndpoint') return;
    const [descriptor] = node.arguments as Node[];
    if (!descriptor || descriptor.type !== 'ObjectExpression') return;
    for (const property of descriptor.properties as Node[]) {
      if (property.type !== 'Property' || !isNode(property.key) || !isNode(property.value)) continue;
      const key = property.key.type === 'Identifier' ? (property.key.name as string) : null;
      if (key && ENDPOINT_SCHEMA_FIELDS.has(key) && isSchemaCall(property.value)) wrap(property.value, `${name} ${key}`);
    }
  };
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration) ? statement.declaration : statement;
    if (declaration.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      if (!isNode(declarator.id) || declarator.id.type !== 'Identifier' || !isNode(declarator.init)) continue;
      const name = declarator.id.name as string;
      if (isSchemaCall(declarator.init)) {
        wrap(declarator.init, name);
        deferred.add(name);
      } else endpointFields(declarator.init, name);
    }
  }
  return edits;
}
