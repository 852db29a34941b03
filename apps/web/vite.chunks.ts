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

/** The modules `id` imports statically; through a barrel, only the modules defining the names it asks for. */
function directDeps(ctx: Context, id: string, contractsIndex: string): string[] {
  const info = ctx.getModuleInfo(id);
  const deps: string[] = [];
  for (const dep of info?.importedIds ?? []) {
    const spec = barrelSpec(dep, contractsIndex);
    const names = spec ? namesImported(info?.code ?? '', spec) : null;
    if (!spec || names === null) deps.push(dep);
    else for (const name of names) deps.push(...definingModule(ctx, dep, name));
  }
  return deps;
}

/** Every module reachable from `start` through `next`, `start` included. */
function reachable(start: string, next: (id: string) => Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length > 0) {
    const id = todo.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const dep of next(id)) if (!seen.has(dep)) todo.push(dep);
  }
  return seen;
}

/** The modules `start` needs: its static imports, recursively, through barrels only the names asked for. */
function staticClosure(ctx: Context, start: string, contractsIndex: string): Set<string> {
  return reachable(start, (id) => directDeps(ctx, id, contractsIndex));
}

/** Every module `import()`ed anywhere in the graph reachable from `entry`. */
function dynamicEntries(ctx: Context, entry: string): string[] {
  const found = new Set<string>();
  reachable(entry, (id) => {
    const info = ctx.getModuleInfo(id);
    info?.dynamicallyImportedIds.forEach((dep) => found.add(dep));
    return [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])];
  });
  return [...found].sort();
}

interface Plan {
  startup: Set<string>;
  /** Module → the shared chunk it goes to and that chunk's number of users (absent: the bundler decides). */
  shared: Map<string, { name: string; users: number }>;
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
 *
 * The lazy routes have the same problem: the bundler makes one chunk per set of routes sharing a
 * module, so `/feed` loaded 28 chunks of 0.1–3 KiB (the Input components, Avatar, the post card, the
 * date formatter…) after its page module, each a request. Here a module used by two or more lazy
 * modules (routes, dialogs, catalogues) goes into the chunk of the set of lazy modules that use it,
 * as the bundler would, except that a set whose code is under `mergeBelow` bytes joins the smallest
 * set that contains it: its routes load that chunk anyway, and the other routes of the bigger set
 * load a few KiB they may not use instead of a request each. `/feed`: 31 files → 18, 192.7 → 186.7
 * KiB brotli (fewer chunks, fewer import lists). Sets holding contracts stay apart (below).
 */
function plan(ctx: Context, entry: string, contractsIndex: string, mergeBelow: number): Plan {
  const contractsDir = path.dirname(contractsIndex) + path.sep;
  const startup = staticClosure(ctx, entry, contractsIndex);
  startup.delete(entry);
  const users = new Map<string, string[]>();
  for (const lazy of dynamicEntries(ctx, entry)) {
    if (startup.has(lazy)) continue;
    for (const id of staticClosure(ctx, lazy, contractsIndex)) {
      if (id === entry || startup.has(id)) continue;
      const list = users.get(id);
      if (list) list.push(lazy);
      else users.set(id, [lazy]);
    }
  }
  // Groups of modules by the set of lazy modules that need them; a set of one is that module's own chunk.
  const groups = new Map<string, { users: Set<string>; modules: string[]; size: number }>();
  for (const [id, list] of users) {
    if (list.length < 2) continue;
    const key = list.join('\n');
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { users: new Set(list), modules: [], size: 0 }));
    group.modules.push(id);
    group.size += ctx.getModuleInfo(id)?.code?.length ?? 0;
  }
  // A small set joins the smallest bigger set containing it, smallest first, so merges can chain;
  // only if every route of the bigger set already needs all it imports, else the merged chunk would
  // make them load more chunks.
  const ordered = [...groups.values()].sort((a, b) => a.users.size - b.users.size || a.size - b.size);
  const covers = (users: Set<string>, of: Set<string>) => [...of].every((u) => users.has(u));
  for (const group of ordered) {
    if (group.size >= mergeBelow || group.modules.length === 0) continue;
    // The contracts build their zod schemas when evaluated, so a route that loaded them for nothing
    // would pay in main-thread time, not only in bytes.
    if (group.modules.some((id) => id.startsWith(contractsDir))) continue;
    const inGroup = new Set(group.modules);
    const deps = new Set<string>();
    for (const id of group.modules)
      for (const dep of directDeps(ctx, id, contractsIndex))
        if (!inGroup.has(dep) && !startup.has(dep) && dep !== entry) deps.add(dep);
    const into = ordered
      .filter((g) => g !== group && g.modules.length > 0 && g.users.size > group.users.size && covers(g.users, group.users))
      .filter((g) => [...deps].every((dep) => covers(new Set(users.get(dep) ?? []), g.users)))
      .sort((a, b) => a.users.size - b.users.size || b.size - a.size)[0];
    if (!into) continue;
    into.modules.push(...group.modules);
    into.size += group.size;
    group.modules = [];
  }
  const shared = new Map<string, { name: string; users: number }>();
  ordered.forEach((group, i) => {
    for (const id of group.modules) shared.set(id, { name: `shared${i}`, users: group.users.size });
  });
  return { startup, shared };
}

/**
 * The code-splitting groups: `startup`, then the merged shared chunks of the lazy modules (above).
 */
export function chunkGroups(entry: string, contractsIndex: string, mergeBelow: number): Group[] {
  // A group takes its modules' dependencies with it unless a group of higher priority took them first.
  // A module's dependencies are used by at least its users, so the chunks of more users come first:
  // one group per number of users, 2 to MAX_USERS. The bundler asks every group about every module
  // (a call from Rust into JavaScript each), so the number of groups is the build's cost: 1 023 groups
  // took ~58 of a 70 s build; 127 take a few seconds and give the same chunks while no module has more
  // than MAX_USERS lazy users (66 in November 2026). Past that the build stops and says so.
  const MAX_USERS = 128;
  let computed: Plan | null = null;
  const get = (ctx: Context): Plan => {
    if (computed) return computed;
    computed = plan(ctx, entry, contractsIndex, mergeBelow);
    for (const [id, chunk] of computed.shared)
      if (chunk.users > MAX_USERS)
        throw new Error(
          `vite.chunks.ts: ${id} is used by ${chunk.users} lazy modules, more than MAX_USERS (${MAX_USERS}); raise MAX_USERS`,
        );
    return computed;
  };
  const byUsers = Array.from({ length: MAX_USERS - 1 }, (_, i): Group => {
    const users = MAX_USERS - i;
    return {
      priority: users,
      name: (id, ctx) => {
        const chunk = get(ctx).shared.get(id);
        return chunk?.users === users ? chunk.name : null;
      },
    };
  });
  return [{ name: (id, ctx) => (get(ctx).startup.has(id) ? 'startup' : null), priority: MAX_USERS + 1 }, ...byUsers];
}
