import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import {
  inlineScript,
  matchRoute,
  pageCache,
  pageHtml,
  pageLocale,
  prepaintHtml,
  preloadFiles,
  type RoutePreloadTable,
} from './page-html';

/** Chunks: 0 shell texts no, 1 shell texts en, 2 jobs page, 3 job page, 4 shared by both, 5 new-job page, 6 jobs texts no, 7 jobs texts en. */
const table: RoutePreloadTable = {
  chunks: [
    ['ShellNo1', []],
    ['ShellEn1', []],
    ['JobsPg1', [4]],
    ['JobPg11', [4]],
    ['Shared1', []],
    ['NewJob1', []],
    ['JobsNo1', []],
    ['JobsEn1', []],
  ],
  routes: [
    ['/jobs', 2, ['jobs']],
    ['/jobs/:id', 3, ['jobs']],
    ['/jobs/new', 5, []],
    ['/', 4, []],
  ],
  sections: { no: { '*': 0, jobs: 6 }, en: { '*': 1, jobs: 7 } },
};

const template = [
  '<!doctype html>',
  '<html lang="no">',
  '  <head>',
  '    <script src="/boot.js"></script>',
  '    <script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>',
  '  </head>',
  '  <body><div id="root"></div></body>',
  '</html>',
].join('\n');

describe('route preloads of a page', () => {
  it('matches the route of a URL path: fixed segments first, then the fewest parameters', () => {
    expect(matchRoute(table, '/jobs')).toBe(0);
    expect(matchRoute(table, '/jobs/')).toBe(0);
    expect(matchRoute(table, '/jobs/42')).toBe(1);
    expect(matchRoute(table, '/jobs/new')).toBe(2);
    expect(matchRoute(table, '/')).toBe(3);
    expect(matchRoute(table, '/jobs/42/edit')).toBe(-1);
    expect(matchRoute(table, '/nowhere')).toBe(-1);
  });

  it('preloads the shell texts, the page, its imports and its texts in the page language, each once', () => {
    expect(preloadFiles(table, 1, 'no')).toEqual([
      '/assets/ShellNo1.js',
      '/assets/JobPg11.js',
      '/assets/JobsNo1.js',
      '/assets/Shared1.js',
    ]);
    expect(preloadFiles(table, 0, 'en')).toEqual([
      '/assets/ShellEn1.js',
      '/assets/JobsPg1.js',
      '/assets/JobsEn1.js',
      '/assets/Shared1.js',
    ]);
    // No route: only the shell's texts.
    expect(preloadFiles(table, -1, 'no')).toEqual(['/assets/ShellNo1.js']);
  });

  it('takes the language from the cookie only when it is one of ours', () => {
    expect(pageLocale('en')).toBe('en');
    expect(pageLocale('no')).toBe('no');
    expect(pageLocale(null)).toBe('no');
    expect(pageLocale('de"><script>')).toBe('no');
  });

  it('writes the language, the preloads and the boot script into the page', () => {
    const boot = inlineScript('document.documentElement.lang = "en";');
    const html = pageHtml(template, ['/assets/JobPg11.js'], 'en', boot);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/JobPg11.js">\n  </head>');
    expect(html).toContain('<script>document.documentElement.lang = "en";</script>');
    expect(html).not.toContain('/boot.js');
    // The hash the policy names is the script's own.
    const digest = createHash('sha256').update('document.documentElement.lang = "en";').digest('base64');
    expect(boot.hash).toBe(`sha256-${digest}`);
    // `$&` and friends in a script are text, not replacement patterns.
    expect(pageHtml(template, [], 'no', inlineScript('a = "$&$1";'))).toContain(
      '<script>a = "$&$1";</script>',
    );
  });

  it('builds each (route, language) page once, with compressed copies of the same bytes', () => {
    const page = pageCache(template, table, null);
    const a = page('/jobs/1', 'no');
    expect(page('/jobs/2', 'no')).toBe(a);
    expect(page('/jobs/2', 'en')).not.toBe(a);
    expect(zlib.brotliDecompressSync(a.br).equals(a.raw)).toBe(true);
    expect(zlib.gunzipSync(a.gzip).equals(a.raw)).toBe(true);
    expect(a.raw.toString()).toContain('/boot.js');
  });

  it('writes the cookie notice in the page language into #root, with room for the navigation unless the layout is full', () => {
    const withNotice: RoutePreloadTable = {
      ...table,
      full: [2],
      prepaint: { no: '<section>Informasjonskapsler</section>', en: '<section>Cookies $&</section>' },
    };
    const jobs = matchRoute(withNotice, '/jobs');
    expect(prepaintHtml(withNotice, jobs, 'no')).toBe(
      '<div class="prepaint" data-navbar><section>Informasjonskapsler</section></div>',
    );
    expect(prepaintHtml(withNotice, matchRoute(withNotice, '/jobs/new'), 'no')).toBe(
      '<div class="prepaint"><section>Informasjonskapsler</section></div>',
    );
    // A route the table does not know: its layout is not known either.
    expect(prepaintHtml(withNotice, matchRoute(withNotice, '/nowhere'), 'no')).toBeNull();
    // An older build without notices.
    expect(prepaintHtml(table, jobs, 'no')).toBeNull();

    const page = pageCache(template, withNotice, null);
    expect(page('/jobs', 'en').raw.toString()).toContain(
      '<body><div id="root"><div class="prepaint" data-navbar><section>Cookies $&</section></div></div></body>',
    );
    expect(page('/nowhere', 'en').raw.toString()).toContain('<body><div id="root"></div></body>');
  });
});
