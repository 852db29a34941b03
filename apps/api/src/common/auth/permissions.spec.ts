import fs from 'node:fs';
import path from 'node:path';
import { PERMISSION_KEYS, ROLES } from '@legenett/contracts';
import { permissionsOf, ROLE_PERMISSIONS } from './permissions';

const DOC = path.resolve(__dirname, '..', '..', '..', '..', '..', 'docs', 'permissions.md');
const COLUMNS = ['doctor', 'student', 'company_manager', 'admin'] as const;

describe('ROLE_PERMISSIONS', () => {
  it('matches docs/permissions.md cell by cell', () => {
    const rows = fs
      .readFileSync(DOC, 'utf8')
      .split('\n')
      .filter((line) => /^\| [a-z]+-[a-z-]+ \|/.test(line));
    expect(rows.map((r) => r.split('|')[1]!.trim())).toEqual([...PERMISSION_KEYS]);
    for (const row of rows) {
      const [key, ...cells] = row.split('|').slice(1, -1).map((c) => c.trim());
      COLUMNS.forEach((role, i) => {
        expect([key, role, ROLE_PERMISSIONS[role].some((k) => k === key)]).toEqual([key, role, cells[i] === '✓']);
      });
    }
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...ROLES].sort());
  });

  it('unions roles in catalogue order and uses the company keys while acting as a company', () => {
    expect(permissionsOf(['company_manager', 'student'])).toEqual([...PERMISSION_KEYS]);
    expect(permissionsOf(['doctor'], true)).toEqual(ROLE_PERMISSIONS.company_manager);
    expect(permissionsOf([])).toEqual([]);
  });
});
