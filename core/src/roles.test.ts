import { describe, expect, it } from 'vitest';
import {
  adminFlagForRole,
  branchScopeFromClaims,
  coversBranch,
  roleFromAdminFlag,
  roleFromClaims,
  ROLES,
  takesAttendance,
  worksTheDesk,
} from './roles';

describe('roles', () => {
  it.each([
    [true, 'admin'],
    [false, 'member'],
    ['Coach', 'coach'],
    ['fs', 'coach'],
    ['Staff', 'staff'],
    ['staff', 'member'],
    [undefined, 'member'],
    [null, 'member'],
    ['true', 'member'],
    ['coach', 'member'],
    [1, 'member'],
  ])('reads Admin flag %j as %s', (flag, role) => {
    expect(roleFromAdminFlag(flag)).toBe(role);
  });

  it.each([
    ['admin', true],
    ['staff', 'Staff'],
    ['coach', 'Coach'],
    ['member', false],
  ] as const)('stores role %s as Admin %j', (role, flag) => {
    expect(adminFlagForRole(role)).toBe(flag);
  });

  it('round-trips every role through the Admin flag', () => {
    for (const role of ROLES) expect(roleFromAdminFlag(adminFlagForRole(role))).toBe(role);
  });

  it.each([
    [{ role: 'admin' }, 'admin'],
    [{ role: 'coach' }, 'coach'],
    [{ role: 'staff' }, 'staff'],
    [{ role: 'Staff' }, 'member'],
    [{ role: 'root' }, 'member'],
    [{}, 'member'],
    [null, 'member'],
  ])('reads claims %j as %s', (claims, role) => {
    expect(roleFromClaims(claims)).toBe(role);
  });
});

describe('a branch manager', () => {
  it.each([
    [{ role: 'admin', branch: 'norte' }, 'norte'],
    [{ role: 'staff', branch: 'norte' }, 'norte'],
    [{ role: 'admin' }, null],
    // Only admins and the front desk are scoped; a stray claim on anyone else scopes nothing.
    [{ role: 'coach', branch: 'norte' }, null],
    [{ role: 'member', branch: 'norte' }, null],
    [{ role: 'admin', branch: '' }, null],
    [{ role: 'admin', branch: 7 }, null],
    [null, null],
  ])('reads claims %j as scope %j', (claims, scope) => {
    expect(branchScopeFromClaims(claims)).toBe(scope);
  });

  it('covers only their branch; the chain covers every branch', () => {
    expect(coversBranch('norte', 'norte')).toBe(true);
    expect(coversBranch('norte', 'centro')).toBe(false);
    expect(coversBranch(null, 'centro')).toBe(true);
  });
});

describe('what each role may do', () => {
  it.each([
    ['admin', true, true],
    ['staff', true, true],
    ['coach', true, false],
    ['member', false, false],
  ] as const)('%s: takes attendance %s, works the desk %s', (role, attendance, desk) => {
    expect(takesAttendance(role)).toBe(attendance);
    expect(worksTheDesk(role)).toBe(desk);
  });
});
