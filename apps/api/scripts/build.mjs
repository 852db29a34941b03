// The API's build: every source file under src/ except tests and benches, compiled one by one with SWC
// (swc.config.js, the setting the tests run on) into dist/, with source maps. Types are checked by
// `npm run typecheck`, not here: this build needs no other package's build, so it runs beside them
// (turbo.json) and takes seconds where `tsc` took ~30 s after the packages' ~25 s.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { transformFile } = require('@swc/core');
const options = require('../swc.config.js');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');
/** Tests, their set-ups, benches and declarations are not part of the server. */
const NOT_BUILT = /\.(spec|int-spec|int-setup|bench)\.ts$|\.d\.ts$/;

function sourcesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourcesUnder(full);
    return e.name.endsWith('.ts') && !NOT_BUILT.test(e.name) ? [full] : [];
  });
}

fs.rmSync(dist, { recursive: true, force: true });
const files = sourcesUnder(src);
await Promise.all(
  files.map(async (file) => {
    const out = path.join(dist, path.relative(src, file)).replace(/\.ts$/, '.js');
    const result = await transformFile(file, {
      ...options,
      // `import()` stays a real dynamic import, as tsc leaves it in CommonJS output.
      module: { ...options.module, ignoreDynamic: true },
      sourceMaps: true,
      sourceFileName: path.relative(path.dirname(out), file),
      swcrc: false,
      configFile: false,
    });
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${result.code}\n//# sourceMappingURL=${path.basename(out)}.map\n`);
    if (result.map) fs.writeFileSync(`${out}.map`, result.map);
  }),
);
console.log(`api: ${files.length} files built into dist/`);
