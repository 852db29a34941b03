import path from 'node:path';
import type { Rolldown } from 'vite';

type Group = NonNullable<
  Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups']
>[number];
type Context = Parameters<Extract<Group['name'], (...args: never[]) => unknown>>[1];

/**
 * Barrels: index modules that only re-export (`@mantine/*`, the contracts). Reaching one does not
 * mean needing all it re-exports, only the names its importer asks for. `spec` is how code imports it.
 */
function barrelSpec(id: string, contractsIndex: string): string | null {
  if (id === contractsIndex) return '@legenett/contracts';
  const mantine = /node_modules[\\/]@mantine[\\/]([a-z-]+)[\\/]esm[\\/]index\.mjs$/.exec(id);
  return mantine ? `@mantine/${mantine[1]}` : null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The names `code` imports from `spec`, or null when it takes the whole module (`* as`, re-export). */
function namesImported(code: string, spec: string): string[] | null {
  const from = `\\s*from\\s*["']${escape(spec)}["']`;
  if (new RegExp(`(import\\s*\\*\\s*as\\s*[\\w$]+|export\\s*(\\*|\\{[^}]*\\}))${from}`).test(code))
    return null;
  const names: string[] = [];
  for (const m of code.matchAll(new RegExp(`import\\s*(?:[\\w$]+\\s*,\\s*)?\\{([^}]*)\\}${from}`, 'g')))
    for (const part of (m[1] ?? '').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name) names.push(name);
    }
  return names;
}

/** The module of a barrel that defines `name`: `import { name } from './x.mjs'` + `export {…}`, or `export * from './x'`. */
function definingModule(ctx: Context, barrel: string, name: string): string[] {
  const info = ctx.getModuleInfo(barrel);
  if (!info) return [];
  const code = info.code ?? '';
  const named = new RegExp(
    `import\\s*\\{[^}]*\\b${escape(name)}\\b[^}]*\\}\\s*from\\s*["'](\\.[^"']+)["']`,
  ).exec(code);
  if (named?.[1]) {
    const target = path.resolve(path.dirname(barrel), named[1]);
    if (info.importedIds.includes(target)) return [target];
  }
  const star = info.importedIds.filter((id) => ctx.getModuleInfo(id)?.exports.includes(name));
  return star.length > 0 ? star.slice(0, 1) : info.importedIds;
}

/**
 * Everything the entry needs at start goes into one `startup` chunk. Left to itself the bundler cuts
 * the start-up code into ~40 small chunks (one per set of lazy routes that also use a module), and a
 * phone on a slow network then waits for 40 requests over 6 connections before the first paint. Those
 * modules run at start anyway, so one chunk costs no extra bytes; lazy routes import from it.
 *
 * "Needs" follows static imports from the entry, except through barrels (`@mantine/core`, the
 * contracts' index), where only the names imported are followed: a lazy route's `NumberInput` stays
 * with that route.
 */
export function startupChunk(entry: string, contractsIndex: string): Group {
  let startup: Set<string> | null = null;
  const closure = (ctx: Context): Set<string> => {
    const seen = new Set<string>();
    const todo = [entry];
    const visit = (id: string) => {
      if (!seen.has(id)) todo.push(id);
    };
    while (todo.length > 0) {
      const id = todo.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = ctx.getModuleInfo(id);
      for (const dep of info?.importedIds ?? []) {
        const spec = barrelSpec(dep, contractsIndex);
        const names = spec ? namesImported(info?.code ?? '', spec) : null;
        if (!spec || names === null) {
          visit(dep);
          continue;
        }
        for (const name of names) definingModule(ctx, dep, name).forEach(visit);
      }
    }
    seen.delete(entry);
    return seen;
  };
  return {
    name: (id, ctx) => ((startup ??= closure(ctx)).has(id) ? 'startup' : null),
  };
}
