// The web's one-way rules in eslint.config.mjs fire (issue 24): each is shown a planted violation
// (and the allowed form beside it) at a path inside apps/web, through the project's own ESLint config.
// Run: `node --test scripts/lint-web.test.mjs` (a check of `npm test`).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** The messages of `rule` ESLint reports for `code` as if it were the file at `file`. */
async function reported(file, code, rule = 'no-restricted-syntax') {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], 'the planted code parses');
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const header = "import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';\nimport { jobKeys } from './keys';\n";

test('a query key is not written at a use site', async () => {
  for (const key of ["['jobs', 'list', page] as const", "['jobs']", 'localKey']) {
    const found = await reported(
      'apps/web/src/features/jobs/api/planted.ts',
      `${header}const localKey = jobKeys.all;\nexport const o = (page: number) => queryOptions({ queryKey: ${key}, queryFn: () => page });\n`,
    );
    assert.equal(found.length, 1, key);
    assert.match(found[0], /only in the feature's key factory/);
  }
  const invalidates = await reported(
    'apps/web/src/features/media/components/planted.tsx',
    `${header}export function useX() {\n  const qc = useQueryClient();\n  return () => qc.invalidateQueries({ queryKey: ['frontend-settings'] });\n}\n`,
  );
  assert.equal(invalidates.length, 1);
  const setData = await reported('apps/web/src/shared/planted.ts', `${header}export const f = (qc: ReturnType<typeof useQueryClient>) => qc.setQueryData(['jobs', 1], null);\n`);
  assert.equal(setData.length, 1);
  // The factory's name is fine, and so is the key of another query's options.
  assert.deepEqual(
    await reported(
      'apps/web/src/features/jobs/api/planted.ts',
      `${header}export const o = (page: number) => queryOptions({ queryKey: jobKeys.my('current', page, 'no'), queryFn: () => page });\nexport const f = (qc: ReturnType<typeof useQueryClient>) => [qc.invalidateQueries({ queryKey: jobKeys.all }), qc.setQueryData(o(1).queryKey, 1)];\n`,
    ),
    [],
  );
});

test('a key factory is declared only in a keys.ts', async () => {
  const factory = "export const jobKeys = { all: ['jobs'] as const, one: (id: number) => ['jobs', id] as const };\n";
  for (const file of ['apps/web/src/features/jobs/api/jobs.ts', 'apps/web/src/shared/posts/api.ts', 'apps/web/src/features/jobs/components/planted.tsx']) {
    const found = await reported(file, factory);
    assert.equal(found.length, 1, file);
    assert.match(found[0], /only in a keys\.ts/);
  }
  for (const file of ['apps/web/src/features/jobs/api/keys.ts', 'apps/web/src/shared/posts/keys.ts', 'apps/web/src/shared/api/planted.test.tsx']) {
    assert.deepEqual(await reported(file, factory), [], file);
  }
  // localStorage's keys are no query keys.
  assert.deepEqual(await reported('apps/web/src/shared/config/storage-keys.ts', "export const storageKeys = { theme: 'theme' };\n"), []);
});

test('useQuery takes query options, not an object of its own', async () => {
  for (const call of ['useQuery({ queryKey: jobKeys.all, queryFn: () => 1 })', 'useQuery({ ...o(), enabled: false })']) {
    const found = await reported('apps/web/src/features/jobs/api/planted.ts', `${header}const o = () => queryOptions({ queryKey: jobKeys.all, queryFn: () => 1 });\nexport const useX = () => ${call};\n`);
    assert.equal(found.length, 1, call);
    assert.match(found[0], /through its options/);
  }
  assert.deepEqual(
    await reported('apps/web/src/features/jobs/api/planted.ts', `${header}const o = (enabled: boolean) => queryOptions({ queryKey: jobKeys.all, queryFn: () => 1, enabled });\nexport const useX = () => useQuery(o(true));\n`),
    [],
  );
});

test('a paginated list is PagedList: Mantine\'s Pagination is drawn only there', async () => {
  const planted = "import { Pagination } from '@mantine/core';\nexport const P = () => <Pagination total={2} value={1} onChange={() => undefined} />;\n";
  for (const file of ['apps/web/src/features/jobs/components/planted.tsx', 'apps/web/src/shared/network/planted.tsx']) {
    const found = await reported(file, planted);
    assert.equal(found.length, 1, file);
    assert.match(found[0], /PagedList from @\/shared\/ui\/paged-list/);
  }
  assert.deepEqual(await reported('apps/web/src/shared/ui/paged-list.tsx', planted), []);
});

test("a select in a form is the form kit's field, not a Select in a Controller", async () => {
  const planted = (select) =>
    `import { ${select} } from '@mantine/core';\nimport { type Control, Controller } from 'react-hook-form';\n` +
    `export const F = ({ control }: { control: Control<{ x: string }> }) => (\n  <Controller control={control} name="x" render={({ field }) => <${select} data={[]} value={field.value} onChange={field.onChange} />} />\n);\n`;
  for (const select of ['Select', 'MultiSelect']) {
    const found = await reported('apps/web/src/features/jobs/components/planted.tsx', planted(select));
    assert.equal(found.length, 1, select);
    assert.match(found[0], /EnumSelectField/);
  }
  // The kit itself binds them; a Select outside a Controller (a list filter) is not a form field.
  assert.deepEqual(await reported('apps/web/src/shared/forms/planted.tsx', planted('Select')), []);
  assert.deepEqual(
    await reported('apps/web/src/features/jobs/components/planted.tsx', "import { Select } from '@mantine/core';\nexport const S = () => <Select data={[]} value={null} onChange={() => undefined} />;\n"),
    [],
  );
});
