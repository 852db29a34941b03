import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const featuresDir = __dirname;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('feature boundaries', () => {
  it('no feature imports another feature (shared code lives in src/shared)', () => {
    const offenders: string[] = [];
    for (const file of filesUnder(featuresDir)) {
      const own = relative(featuresDir, file).split(sep)[0];
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/from\s+'(@\/features\/([^/']+)|(\.\.\/)+([^/.']+))/g)) {
        const target = match[2] ?? (match[0].includes('../../') ? match[4] : undefined);
        if (target && target !== own && target !== 'shared') offenders.push(`${relative(featuresDir, file)} -> ${match[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
