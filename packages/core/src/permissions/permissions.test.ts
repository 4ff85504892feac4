import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, ROLES, ROLE_PERMISSIONS, assignableRoles, can, canManageMember, permissionsOf } from './permissions';

describe('permission map', () => {
  it('gives super admins every permission without a role', () => {
    expect(permissionsOf({ isSuperAdmin: true, role: null })).toEqual(ALL_PERMISSIONS);
    for (const p of ALL_PERMISSIONS) expect(can({ isSuperAdmin: true, role: null }, p)).toBe(true);
  });

  it('gives non-members nothing', () => {
    expect(permissionsOf({ isSuperAdmin: false, role: null })).toEqual([]);
  });

  it('keeps roles nested: cashier within manager within admin within owner', () => {
    const order = ['cashier', 'manager', 'admin', 'owner'] as const;
    for (let i = 1; i < order.length; i++) {
      const lower = ROLE_PERMISSIONS[order[i - 1]!];
      const higher = ROLE_PERMISSIONS[order[i]!];
      for (const p of lower) expect(higher).toContain(p);
    }
  });

  it('follows spec 6: cashiers lack Refer and Earn, Store Design, Pages; only the owner views verification', () => {
    const cashier = { isSuperAdmin: false, role: 'cashier' as const };
    expect(can(cashier, 'referral:view')).toBe(false);
    expect(can(cashier, 'store-design:manage')).toBe(false);
    expect(can(cashier, 'store-pages:manage')).toBe(false);
    for (const role of ROLES) {
      expect(can({ isSuperAdmin: false, role }, 'verification:view')).toBe(role === 'owner');
      expect(can({ isSuperAdmin: false, role }, 'developers:view')).toBe(role === 'owner' || role === 'admin');
    }
  });

  it('lets only owners and super admins hand out or act on the Owner role', () => {
    expect(assignableRoles({ isSuperAdmin: false, role: 'owner' })).toEqual(['owner', 'admin', 'manager', 'cashier']);
    expect(assignableRoles({ isSuperAdmin: true, role: null })).toEqual(['owner', 'admin', 'manager', 'cashier']);
    expect(assignableRoles({ isSuperAdmin: false, role: 'admin' })).toEqual(['admin', 'manager', 'cashier']);
    expect(assignableRoles({ isSuperAdmin: false, role: 'manager' })).toEqual([]);
    expect(assignableRoles({ isSuperAdmin: false, role: 'cashier' })).toEqual([]);
    for (const target of ROLES) {
      expect(canManageMember({ isSuperAdmin: false, role: 'owner' }, target)).toBe(true);
      expect(canManageMember({ isSuperAdmin: false, role: 'admin' }, target)).toBe(target !== 'owner');
      expect(canManageMember({ isSuperAdmin: false, role: 'manager' }, target)).toBe(false);
      expect(canManageMember({ isSuperAdmin: false, role: 'cashier' }, target)).toBe(false);
    }
  });
});
