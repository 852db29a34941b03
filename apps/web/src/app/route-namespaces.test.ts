import fs from 'node:fs';
import path from 'node:path';
import { catalogue } from '@legenett/contracts';
import { loadSection, loadShellSections, SHELL_NAMESPACES, sectionLoaders } from '@/shared/i18n/sections';

// Tests preload the whole catalogue (testing/catalogue.ts), so a page that forgot a section would
// pass them all and still wait behind a loader in the app. This reads the route table and each
// page's static imports instead.
const src = path.resolve(__dirname, '..');
const routerFile = path.join(src, 'app/router.tsx');

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('@/')
    ? path.join(src, spec.slice(2))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  for (const candidate of [
    base,
    `${base}.tsx`,
    `${base}.ts`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/** The catalogue sections a module and everything it imports (statically, in src) use. */
function sectionsUsed(file: string): Set<string> {
  const seen = new Set<string>();
  const used = new Set<string>();
  const todo = [file];
  while (todo.length > 0) {
    const current = todo.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    const code = fs.readFileSync(current, 'utf8');
    for (const m of code.matchAll(/useTranslation\(\s*'([a-z_]+)'/g)) used.add(m[1]!);
    for (const m of code.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)) {
      const dep = resolveImport(current, m[1]!);
      if (dep) todo.push(dep);
    }
  }
  return used;
}

const pages = [
  ...fs
    .readFileSync(routerFile, 'utf8')
    .matchAll(
      /page\(\s*\(\) => import\('([^']+)'\)(?:\.then\(\(m\) => \(\{ Component: m\.\w+ \}\)\))?(?:,\s*\[([^\]]*)\])?\s*\)/g,
    ),
].map((m) => ({
  spec: m[1]!,
  declared: (m[2] ?? '')
    .split(',')
    .map((s) => s.trim().replace(/'/g, ''))
    .filter(Boolean),
}));

describe('catalogue sections per route', () => {
  it('finds the lazily loaded pages in the route table', () => {
    expect(pages.length).toBeGreaterThan(40);
  });

  it.each(pages)('$spec loads the sections it uses with its route', ({ spec, declared }) => {
    const file = resolveImport(routerFile, spec);
    expect(file).not.toBeNull();
    const shell = new Set<string>(SHELL_NAMESPACES);
    const needed = [...sectionsUsed(file!)].filter((ns) => !shell.has(ns)).sort();
    expect([...declared].sort()).toEqual(needed);
  });
});

describe('catalogue section modules', () => {
  it('has a module per section and language', () => {
    const sections = Object.keys(catalogue.no).sort();
    expect(Object.keys(sectionLoaders.no).sort()).toEqual(sections);
    expect(Object.keys(sectionLoaders.en).sort()).toEqual(sections);
  });

  it('loads one language of a section, as the contracts define it', async () => {
    await expect(sectionLoaders.en.feed!()).resolves.toEqual(catalogue.en.feed);
    await expect(loadSection('no', 'jobs')).resolves.toEqual(catalogue.no.jobs);
  });

  it('loads the shell sections in one module per language, exactly those', async () => {
    for (const locale of ['no', 'en'] as const) {
      const shell = await loadShellSections(locale);
      expect(Object.keys(shell).sort()).toEqual([...SHELL_NAMESPACES].sort());
      for (const ns of SHELL_NAMESPACES) expect(shell[ns]).toEqual(catalogue[locale][ns]);
    }
  });
});
