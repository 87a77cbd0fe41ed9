/** The permission table: roles are cumulative, and docs/admin-roles.md shows exactly the table in code. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PERMISSION_TABLE, permissionsOf, roleCan, STAFF_ROLES } from '#lib/http/permissions.ts';

describe('permission table', () => {
  it('gives each role everything the role below it has', () => {
    for (let i = 1; i < STAFF_ROLES.length; i++) {
      const lower = permissionsOf(STAFF_ROLES[i - 1]!);
      expect(permissionsOf(STAFF_ROLES[i]!)).toEqual(expect.arrayContaining(lower));
    }
    expect(roleCan('rider', 'orders.deliver')).toBe(true);
    expect(roleCan('packer', 'orders.cancel')).toBe(false);
    expect(roleCan('manager', 'staff.manage')).toBe(false);
    expect(permissionsOf('owner')).toHaveLength(PERMISSION_TABLE.length);
  });

  it('is written out in docs/admin-roles.md row for row', () => {
    const doc = readFileSync('docs/admin-roles.md', 'utf8');
    const rows = doc
      .split('\n')
      .filter((line) => /^\| `/.test(line))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    expect(rows.map((r) => r[0])).toEqual(PERMISSION_TABLE.map((p) => `\`${p.permission}\``));
    for (const [i, row] of rows.entries()) {
      const { permission, what } = PERMISSION_TABLE[i]!;
      expect(row[1]).toBe(what);
      expect(row.slice(2)).toEqual(STAFF_ROLES.map((role) => (roleCan(role, permission) ? '✓' : '')));
    }
  });
});
